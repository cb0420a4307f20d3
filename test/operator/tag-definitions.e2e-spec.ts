import { TestApp } from '../support/test-app';

/** A definition's whole lifecycle through the operator API, with its audit rows: tags. */
describe('Operator API: tags', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows by id or text id, changes, deactivates and activates a tag, auditing each write', async () => {
    const created = await t.operator('POST', '/tags', { token, body: { text_id: 'organic', names: { en: 'Organic', cs: 'Bio' } } });
    expect(created.status).toBe(201);
    const tagId = created.body.data.tag_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'organic', names: { en: 'Organic', cs: 'Bio' }, state: 1 });

    expect((await t.operator('GET', '/tags/organic', { token })).body.data.tag_id).toBe(tagId);
    const listed = await t.operator('GET', '/tags', { token, query: { q: 'bio' } });
    expect(listed.body.data.tags.map((tag: any) => tag.tag_id)).toEqual([tagId]);

    const changed = await t.operator('PUT', '/tags/organic', { token, body: { text_id: 'organic', names: { en: 'Organic food' } } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.names).toEqual({ en: 'Organic food' });

    const deactivated = await t.operator('POST', `/tags/${tagId}/actions/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.state).toBe(0);
    expect((await t.operator('GET', '/tags', { token, query: { state: '1', q: 'organic' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/tags/${tagId}/actions/activate`, { token })).body.data.state).toBe(1);

    // The contract's read sees the operator's change at once.
    const product = await t.dataSource.query(`SELECT names FROM tags WHERE tag_id = $1`, [tagId]);
    expect(product[0].names).toEqual({ en: 'Organic food' });

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'tag', target_id: tagId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /tags/{tag_key}/actions/activate',
      'POST /tags/{tag_key}/actions/deactivate',
      'PUT /tags/{tag_key}',
      'POST /tags',
    ]);
    expect(trail.body.data.audit_events[2].before.names).toEqual({ en: 'Organic', cs: 'Bio' });
  });

  it('names the field in a refusal and changes nothing', async () => {
    await t.operator('POST', '/tags', { token, body: { text_id: 'vegan', names: { en: 'Vegan' } } });
    const clash = await t.operator('POST', '/tags', { token, body: { text_id: 'vegan', names: { en: 'Again' } } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const badNames = await t.operator('POST', '/tags', { token, body: { text_id: 'other', names: { english: '' } } });
    expect(badNames.status).toBe(400);
    expect(badNames.body.error.error_data.invalid_params[0].name).toBe('names');
    expect((await t.operator('GET', '/tags/other', { token })).status).toBe(404);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'tag' AND after->>'text_id' = 'other'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('lets an analyst read but not write', async () => {
    const analyst = (await t.operatorToken(['analyst'])).token;
    expect((await t.operator('GET', '/tags', { token: analyst })).status).toBe(200);
    expect((await t.operator('POST', '/tags', { token: analyst, body: { text_id: 'nope', names: { en: 'No' } } })).status).toBe(403);
  });
});
