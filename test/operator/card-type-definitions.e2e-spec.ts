import { TestApp } from '../support/test-app';

/** Card types' whole lifecycle through the operator API, exactly one default kept, with their audit rows. */
describe('Operator API: card types', () => {
  let t: TestApp;
  let token: string;
  let enterpriseToken: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterpriseToken = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  const defaults = async () => (await t.dataSource.query(`SELECT text_id FROM card_types WHERE is_default`)).map((row: any) => row.text_id);

  it('creates, lists, shows by id or text id, changes, deactivates and activates a card type, auditing each write', async () => {
    const created = await t.operator('POST', '/card-types', {
      token,
      body: { text_id: 'gold_card', name: 'Gold card', prefix: '9001', is_default: false },
    });
    expect(created.status).toBe(201);
    const typeId = created.body.data.card_type_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'gold_card', prefix: '9001', is_default: false, state: 1 });
    expect((await t.operator('GET', '/card-types/gold_card', { token })).body.data.card_type_id).toBe(typeId);
    expect(
      (await t.operator('GET', '/card-types', { token, query: { q: 'gold' } })).body.data.card_types.map((type: any) => type.card_type_id),
    ).toEqual([typeId]);

    // Making it the default unmakes the other; the contract sees the change.
    const changed = await t.operator('PUT', `/card-types/${typeId}`, {
      token,
      body: { text_id: 'gold_card', name: 'Gold club card', prefix: '9002', is_default: true },
    });
    expect(changed.body.data).toMatchObject({ name: 'Gold club card', prefix: '9002', is_default: true });
    expect(await defaults()).toEqual(['gold_card']);
    const contract = await t.enterprise('GET', `/card-types/${typeId}`, { token: enterpriseToken });
    expect(contract.body.data).toMatchObject({ name: 'Gold club card', prefix: '9002' });

    // The default is neither unmade nor deactivated but by making another the default.
    const unmade = await t.operator('PUT', '/card-types/gold_card', {
      token,
      body: { text_id: 'gold_card', name: 'Gold club card', prefix: '9002', is_default: false },
    });
    expect(unmade.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'is_default', reason: 'not_allowed_value' });
    const refused = await t.operator('POST', '/card-types/gold_card/actions/deactivate', { token });
    expect(refused.body.error.error_data.invalid_params[0].name).toBe('is_default');
    expect(await defaults()).toEqual(['gold_card']);
    const back = await t.operator('PUT', '/card-types/default', {
      token,
      body: { text_id: 'default', name: 'Loyalty card', prefix: '', is_default: true },
    });
    expect(back.status).toBe(200);
    expect(await defaults()).toEqual(['default']);

    // Deactivated: its cards keep it, no new card is issued with it.
    expect((await t.operator('POST', `/card-types/${typeId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/card-types', { token, query: { state: '1', q: 'gold' } })).body.data.total_items).toBe(0);
    const card = await t.enterprise('POST', '/cards', {
      token: enterpriseToken,
      body: { card: { state: 1, card_type_id: typeId, card_number: '9002000001' } },
    });
    expect(card.status).toBe(400);
    expect(card.body.error.error_data.invalid_params[0].name).toBe('card.card_type_id');
    expect((await t.operator('POST', '/card-types/gold_card/actions/activate', { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'card_type', target_id: typeId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /card-types/{card_type_key}/actions/activate',
      'POST /card-types/{card_type_key}/actions/deactivate',
      'PUT /card-types/{card_type_key}',
      'POST /card-types',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ prefix: '9001', is_default: false });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ prefix: '9002', is_default: true });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const clash = await t.operator('POST', '/card-types', {
      token,
      body: { text_id: 'default', name: 'Again', prefix: '', is_default: false },
    });
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const badPrefix = await t.operator('POST', '/card-types', {
      token,
      body: { text_id: 'odd', name: 'Odd', prefix: '12-34', is_default: false },
    });
    expect(badPrefix.body.error.error_data.invalid_params[0].name).toBe('prefix');
    expect((await t.operator('GET', '/card-types/odd', { token })).status).toBe(404);
  });
});
