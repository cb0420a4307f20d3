import { SegmentService } from '../../src/modules/segments';
import { TestApp, TestCustomer } from '../support/test-app';

/** Segment groups, segments and their members through the operator API, with their audit rows. */
describe('Operator API: segment groups, segments and members', () => {
  let t: TestApp;
  let token: string;
  let care: string;
  let owner: string;
  let enterprise: string;

  const trail = async (targetType: string, targetId: string) =>
    (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })).body.data
      .audit_events;
  const param = (response: { body: any }) => response.body.error.error_data.invalid_params[0];
  const events = async (customerId: string, type: string): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT e.external_id FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
          WHERE e.customer_id = $1 AND t.text_id = $2`,
        [customerId, type],
      )
    ).map((row: { external_id: string }) => row.external_id);

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    care = (await t.operatorToken(['customer_care'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it('creates, lists, shows by id or text id, changes, deactivates and activates a segment group, auditing each write', async () => {
    const parent = await t.operator('POST', '/segment-groups', { token, body: { text_id: 'marketing', name: 'Marketing' } });
    expect(parent.status).toBe(201);
    const created = await t.operator('POST', '/segment-groups', {
      token,
      body: { text_id: 'lifestyle', name: 'Lifestyle', parent_group_id: 'marketing' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.segment_group_id as string;
    expect(created.body.data.parent_group_id).toBe(parent.body.data.segment_group_id);

    expect((await t.operator('GET', '/segment-groups/lifestyle', { token })).body.data.segment_group_id).toBe(id);
    expect((await t.operator('GET', `/segment-groups/${id}`, { token })).body.data.text_id).toBe('lifestyle');
    expect((await t.operator('GET', '/segment-groups', { token, query: { q: 'lifest' } })).body.data.total_items).toBe(1);
    const changed = await t.operator('PUT', '/segment-groups/lifestyle', {
      token,
      body: { text_id: 'lifestyle', name: 'Ways of life', parent_group_id: 'marketing', note: 'By habit' },
    });
    expect(changed.body.data).toMatchObject({ name: 'Ways of life', note: 'By habit' });
    expect((await t.enterprise('GET', `/segment-groups/${id}`, { token: enterprise })).body.data.name).toBe('Ways of life');

    expect((await t.operator('POST', '/segment-groups/lifestyle/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/segment-groups', { token, query: { state: '1', q: 'lifest' } })).body.data.total_items).toBe(0);
    // Still readable by id, as segments name it, but no longer offered.
    expect((await t.enterprise('GET', `/segment-groups/${id}`, { token: enterprise })).status).toBe(200);
    const contractList = await t.enterprise('GET', '/segment-groups', { token: enterprise });
    expect(contractList.body.data.segment_groups.map((group: any) => group.segment_group_id)).not.toContain(id);
    expect((await t.operator('POST', `/segment-groups/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const audit = await trail('segment_group', id);
    expect(audit.map((event: any) => event.operation)).toEqual([
      'POST /segment-groups/{segment_group_key}/actions/activate',
      'POST /segment-groups/{segment_group_key}/actions/deactivate',
      'PUT /segment-groups/{segment_group_key}',
      'POST /segment-groups',
    ]);
    expect(audit[2].before.name).toBe('Lifestyle');
  });

  it('refuses a group inside itself, an unknown parent and a taken text id, naming the field and changing nothing', async () => {
    const cycle = await t.operator('PUT', '/segment-groups/marketing', {
      token,
      body: { text_id: 'marketing', name: 'Marketing', parent_group_id: 'lifestyle' },
    });
    expect(param(cycle)).toMatchObject({ name: 'parent_group_id', reason: 'not_allowed_value' });
    expect((await t.operator('GET', '/segment-groups/marketing', { token })).body.data.parent_group_id).toBeUndefined();
    const unknown = await t.operator('POST', '/segment-groups', { token, body: { name: 'Orphan', parent_group_id: 'nowhere' } });
    expect(param(unknown)).toMatchObject({ name: 'parent_group_id', reason: 'not_found' });
    const clash = await t.operator('POST', '/segment-groups', { token, body: { text_id: 'marketing', name: 'Again' } });
    expect(param(clash)).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM segment_groups WHERE name IN ('Orphan', 'Again')`))[0].n).toBe(0);
  });

  it('creates a segment in a group named by text id, changes, deactivates and activates it, auditing each write', async () => {
    const [lifestyle] = await t.dataSource.query(`SELECT segment_group_id FROM segment_groups WHERE text_id = 'lifestyle'`);
    const created = await t.operator('POST', '/segments', {
      token,
      body: { name: 'Runners', segment_group_id: 'lifestyle', priority: 10 },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.segment_id as string;
    expect(created.body.data).toMatchObject({ segment_group_id: lifestyle.segment_group_id, priority: 10, state: 1 });

    expect(
      (await t.operator('GET', '/segments', { token, query: { q: 'runn' } })).body.data.segments.map((s: any) => s.segment_id),
    ).toEqual([id]);
    const changed = await t.operator('PUT', `/segments/${id}`, {
      token,
      body: { name: 'Road runners', segment_group_id: lifestyle.segment_group_id, note: 'Bought road shoes' },
    });
    expect(changed.body.data).toMatchObject({ name: 'Road runners', note: 'Bought road shoes' });
    expect(changed.body.data.priority).toBeUndefined();
    expect((await t.enterprise('GET', `/segments/${id}`, { token: enterprise })).body.data.name).toBe('Road runners');

    expect((await t.operator('POST', `/segments/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/segments', { token, query: { state: '0', q: 'runn' } })).body.data.total_items).toBe(1);
    // Rewards check the segments they name through this: a deactivated one is refused for new use.
    await expect(t.service(SegmentService).requireExisting([id], 'simple_reward.segments')).rejects.toThrow(
      'No active segment has this id',
    );
    expect((await t.operator('POST', `/segments/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const audit = await trail('segment', id);
    expect(audit.map((event: any) => event.operation)).toEqual([
      'POST /segments/{segment_key}/actions/activate',
      'POST /segments/{segment_key}/actions/deactivate',
      'PUT /segments/{segment_key}',
      'POST /segments',
    ]);
    expect(audit[2].before.name).toBe('Runners');
  });

  it('refuses a segment in a deactivated or unknown group, naming segment_group_id', async () => {
    await t.operator('POST', '/segment-groups/marketing/actions/deactivate', { token });
    const deactivated = await t.operator('POST', '/segments', { token, body: { name: 'Late', segment_group_id: 'marketing' } });
    expect(param(deactivated)).toMatchObject({ name: 'segment_group_id', reason: 'not_allowed_value' });
    const unknown = await t.operator('POST', '/segments', { token, body: { name: 'Lost', segment_group_id: 'nowhere' } });
    expect(param(unknown)).toMatchObject({ name: 'segment_group_id', reason: 'not_found' });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM segments WHERE name IN ('Late', 'Lost')`))[0].n).toBe(0);
    await t.operator('POST', '/segment-groups/marketing/actions/activate', { token });
  });

  describe('members', () => {
    let segmentId: string;
    let alice: TestCustomer;
    let bob: TestCustomer;

    beforeAll(async () => {
      segmentId = (await t.operator('POST', '/segments', { token, body: { name: 'Members test' } })).body.data.segment_id;
      alice = await t.createCustomer({ firstName: 'Alice', email: 'alice.members@example.test' });
      bob = await t.createCustomer();
    });

    it('adds and removes customers in bulk with the contract events, audited with ids and counts only', async () => {
      const added = await t.operator('POST', `/segments/${segmentId}/members`, {
        token: care,
        body: { customer_ids: [alice.customerId, bob.customerId] },
      });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ segment_id: segmentId, requested: 2, changed: 2 });
      // Adding again counts, refuses nothing and announces nothing new.
      const again = await t.operator('POST', `/segments/${segmentId}/members`, { token: care, body: { customer_ids: [alice.customerId] } });
      expect(again.body.data).toMatchObject({ requested: 1, changed: 0, customer_ids: [] });
      expect(await events(alice.customerId, 'segment_joined')).toEqual([segmentId]);

      const listed = await t.operator('GET', `/segments/${segmentId}/members`, { token: care, query: { count: '1' } });
      expect(listed.body.data.total_items).toBe(2);
      expect(listed.body.data.members).toHaveLength(1);
      const contract = await t.enterprise('GET', `/segments/${segmentId}/segment-records`, { token: enterprise });
      expect(contract.body.data.total_items).toBe(2);

      const removed = await t.operator('POST', `/segments/${segmentId}/members/actions/remove`, {
        token: care,
        body: { customer_ids: [alice.customerId] },
      });
      expect(removed.body.data).toMatchObject({ requested: 1, changed: 1, customer_ids: [alice.customerId] });
      expect(await events(alice.customerId, 'segment_left')).toEqual([segmentId]);
      expect((await t.operator('GET', `/segments/${segmentId}/members`, { token: care })).body.data.members).toEqual([
        expect.objectContaining({ customer_id: bob.customerId }),
      ]);

      const audit = await trail('segment', segmentId);
      expect(audit.map((event: any) => event.operation).slice(0, 3)).toEqual([
        'POST /segments/{segment_key}/members/actions/remove',
        'POST /segments/{segment_key}/members',
        'POST /segments/{segment_key}/members',
      ]);
      const written = JSON.stringify(audit.slice(0, 3));
      expect(written).toContain(alice.customerId);
      expect(written).not.toContain('Alice');
      expect(written).not.toContain(alice.email);
    });

    it('refuses an unknown customer naming its place and changes nothing', async () => {
      const refused = await t.operator('POST', `/segments/${segmentId}/members`, {
        token: care,
        body: { customer_ids: [alice.customerId, 'no-such-customer'] },
      });
      expect(refused.status).toBe(400);
      expect(param(refused)).toMatchObject({ name: 'customer_ids.1', reason: 'not_found' });
      const members = await t.dataSource.query(`SELECT customer_id FROM segment_records WHERE segment_id = $1`, [segmentId]);
      expect(members).toEqual([{ customer_id: bob.customerId }]);
    });

    it('needs customers:write to change members', async () => {
      const refused = await t.operator('POST', `/segments/${segmentId}/members`, { token, body: { customer_ids: [alice.customerId] } });
      expect(refused.status).toBe(403);
      expect((await t.operator('GET', `/segments/${segmentId}/members`, { token })).status).toBe(200);
    });
  });
});
