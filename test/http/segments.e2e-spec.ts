import { ApiInterface } from '@tessera/http';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';
type Body = Record<string, unknown>;

describe('Segments (HTTP)', () => {
  let t: TestApp;
  let enterpriseToken: string;
  let anonymousDevice: string;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let aliceDevice: string;
  const groups = { rfm: 'b2000000000000000000000000000001', badges: 'b2000000000000000000000000000002' };

  const enterprise = (method: 'GET' | 'POST', path: string, options: { query?: Record<string, string | string[]>; body?: unknown } = {}) =>
    t.enterprise(method, path, { token: enterpriseToken, ...options });
  const asDevice = (
    token: string,
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ) => t.customer(method, path, { token, ...options });
  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const members = async (segmentId: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT customer_id FROM segment_records WHERE segment_id = $1 ORDER BY customer_id`, [segmentId])).map(
      (r: { customer_id: string }) => r.customer_id,
    );
  const createSegment = async (iface: Iface, body: Body): Promise<string> => {
    const response =
      iface === 'enterprise' ? await enterprise('POST', '/segments', { body }) : await asDevice(aliceDevice, 'POST', '/segments', { body });
    expect(response.status).toBe(201);
    return response.body.data.segment_id;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    enterpriseToken = await t.enterpriseToken();
    alice = await t.createCustomer();
    bob = await t.createCustomer();
    // Segment writes are project-wide: this Customer application is granted them.
    const segmentsApp = await t.createApplication(ApiInterface.Customer);
    await t.grantOperations(segmentsApp, ['project-writes']);
    aliceDevice = await t.deviceToken(alice, segmentsApp);
    anonymousDevice = await t.deviceToken(undefined, segmentsApp);
    await t.dataSource.query(
      `INSERT INTO segment_groups (segment_group_id, name, text_id, note) VALUES ($1, 'RFM', 'rfm', 'Recency, frequency, value')`,
      [groups.rfm],
    );
    await t.dataSource.query(
      `INSERT INTO segment_groups (segment_group_id, name, parent_group_id, text_id) VALUES ($1, 'Badges', $2, 'badges')`,
      [groups.badges, groups.rfm],
    );
  });

  afterAll(() => t.close());

  it('creates empty segments on both interfaces and reads them', async () => {
    const vipId = await createSegment('enterprise', { name: 'VIP', note: 'Best customers', priority: 100 });
    const appId = await createSegment('customer', { name: 'App users', priority: 0 });
    expect(await members(vipId)).toEqual([]);
    const vip = await asDevice(anonymousDevice, 'GET', `/segments/${vipId}`);
    expect(vip.body.data).toEqual({
      segment_id: vipId,
      name: 'VIP',
      note: 'Best customers',
      last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const stored = await t.dataSource.query(`SELECT priority FROM segments WHERE segment_id = $1`, [vipId]);
    expect(stored[0].priority).toBe(100);
    const list = await enterprise('GET', '/segments', { query: { sort_field: 'name' } });
    expect(list.body.data.segments.map((s: Body) => s.segment_id)).toEqual([appId, vipId]);
    expect(list.body.data.total_items).toBe(2);
    expect((await enterprise('GET', '/segments/unknown')).status).toBe(404);
  });

  it('refuses a segment without a name or with a priority outside 0-100', async () => {
    expect(param(await enterprise('POST', '/segments', { body: { note: 'x' } }))).toMatchObject({ name: 'name', reason: 'required' });
    expect(param(await enterprise('POST', '/segments', { body: { name: 'x', priority: 101 } }))).toMatchObject({
      name: 'priority',
      reason: 'invalid_value_format',
    });
    expect(param(await enterprise('POST', '/segments', { body: { name: 'x', priority: -1 } }))).toMatchObject({ name: 'priority' });
    expect(param(await enterprise('POST', '/segments', { body: { name: 'x', segment_picture: 'y' } }))).toMatchObject({
      name: 'segment_picture',
      reason: 'not_allowed_value',
    });
  });

  it('filters segments by segment group', async () => {
    const grouped = await createSegment('enterprise', { name: 'Champions' });
    await t.dataSource.query(`UPDATE segments SET segment_group_id = $1 WHERE segment_id = $2`, [groups.badges, grouped]);
    const list = await enterprise('GET', '/segments', { query: { 'segment_group_ids[]': [groups.badges, groups.rfm] } });
    expect(list.body.data).toEqual({
      segments: [expect.objectContaining({ segment_id: grouped, segment_group_id: groups.badges })],
      total_items: 1,
    });
    const none = await asDevice(anonymousDevice, 'GET', '/segments', { query: { 'segment_group_ids[]': groups.rfm } });
    expect(none.body.data).toEqual({ segments: [], total_items: 0 });
  });

  it('adds and removes customers on the Enterprise interface', async () => {
    const segmentId = await createSegment('enterprise', { name: 'Newsletter' });
    const add = (customerId: string) =>
      enterprise('POST', `/segments/${segmentId}/actions/add-customer`, { body: { customer_id: customerId } });
    const remove = (customerId: string) =>
      enterprise('POST', `/segments/${segmentId}/actions/remove-customer`, { body: { customer_id: customerId } });

    expect((await add(alice.customerId)).status).toBe(204);
    expect((await add(bob.customerId)).status).toBe(204);
    expect(await members(segmentId)).toEqual([alice.customerId, bob.customerId].sort());
    const twice = await add(alice.customerId);
    expect(twice.status).toBe(400);
    expect(param(twice)).toMatchObject({ name: 'customer_id', reason: 'relation_already_exists', value: alice.customerId });
    expect(param(await add('ffffffffffffffffffffffffffffffff'))).toMatchObject({ name: 'customer_id', reason: 'not_found' });
    expect(param(await enterprise('POST', `/segments/${segmentId}/actions/add-customer`, { body: {} }))).toMatchObject({
      name: 'customer_id',
      reason: 'required',
    });
    expect((await enterprise('POST', '/segments/unknown/actions/add-customer', { body: { customer_id: alice.customerId } })).status).toBe(
      404,
    );

    const records = await enterprise('GET', `/segments/${segmentId}/segment-records`);
    expect(records.body.data.total_items).toBe(2);
    expect(records.body.data.segment_records[0]).toEqual({
      segment_id: segmentId,
      customer_id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      last_change: expect.any(String),
    });
    expect((await enterprise('GET', '/segments/unknown/segment-records')).status).toBe(404);

    expect((await remove(bob.customerId)).status).toBe(204);
    expect(await members(segmentId)).toEqual([alice.customerId]);
    const notMember = await remove(bob.customerId);
    expect(notMember.status).toBe(400);
    expect(param(notMember)).toMatchObject({ name: 'customer_id', reason: 'not_found' });
  });

  it("lists a customer's segment records, filtered by segment group", async () => {
    const grouped = await createSegment('enterprise', { name: 'Grouped' });
    await t.dataSource.query(`UPDATE segments SET segment_group_id = $1 WHERE segment_id = $2`, [groups.rfm, grouped]);
    await enterprise('POST', `/segments/${grouped}/actions/add-customer`, { body: { customer_id: bob.customerId } });
    const all = await enterprise('GET', `/customers/${bob.customerId}/segment-records`);
    expect(all.body.data.segment_records.map((r: Body) => r.segment_id)).toEqual([grouped]);
    const filtered = await enterprise('GET', `/customers/${bob.customerId}/segment-records`, {
      query: { 'segment_group_ids[]': groups.badges },
    });
    expect(filtered.body.data).toEqual({ segment_records: [], total_items: 0 });
    expect((await enterprise('GET', '/customers/ffffffffffffffffffffffffffffffff/segment-records')).status).toBe(404);
  });

  it('scopes the Customer interface to the logged-in customer', async () => {
    const segmentId = await createSegment('customer', { name: 'Self-service' });
    const own = await asDevice(aliceDevice, 'POST', `/segments/${segmentId}/actions/add-customer`, {
      body: { customer_id: alice.customerId },
    });
    expect(own.status).toBe(204);
    const other = await asDevice(aliceDevice, 'POST', `/segments/${segmentId}/actions/add-customer`, {
      body: { customer_id: bob.customerId },
    });
    expect(param(other)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
    await enterprise('POST', `/segments/${segmentId}/actions/add-customer`, { body: { customer_id: bob.customerId } });

    const records = await asDevice(aliceDevice, 'GET', `/segments/${segmentId}/segment-records`);
    expect(records.body.data.segment_records.map((r: Body) => r.customer_id)).toEqual([alice.customerId]);
    const mine = await asDevice(aliceDevice, 'GET', `/customers/${alice.customerId}/segment-records`);
    expect(mine.body.data.segment_records.map((r: Body) => r.segment_id)).toContain(segmentId);
    expect(param(await asDevice(aliceDevice, 'GET', `/customers/${bob.customerId}/segment-records`))).toMatchObject({
      reason: 'not_belong_to_logged_in_customer',
    });

    const anonymous = await asDevice(anonymousDevice, 'GET', `/customers/${alice.customerId}/segment-records`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    expect((await asDevice(anonymousDevice, 'GET', `/segments/${segmentId}/segment-records`)).status).toBe(403);
    expect(
      (
        await asDevice(anonymousDevice, 'POST', `/segments/${segmentId}/actions/remove-customer`, {
          body: { customer_id: alice.customerId },
        })
      ).status,
    ).toBe(403);

    expect(
      (await asDevice(aliceDevice, 'POST', `/segments/${segmentId}/actions/remove-customer`, { body: { customer_id: alice.customerId } }))
        .status,
    ).toBe(204);
    expect(await members(segmentId)).toEqual([bob.customerId]);
  });

  it('lists and reads segment groups on both interfaces', async () => {
    const list = await enterprise('GET', '/segment-groups', { query: { sort_field: 'name' } });
    expect(list.body.data).toEqual({
      segment_groups: [
        {
          segment_group_id: groups.badges,
          name: 'Badges',
          parent_group_id: groups.rfm,
          text_id: 'badges',
          last_change: expect.any(String),
        },
        { segment_group_id: groups.rfm, name: 'RFM', note: 'Recency, frequency, value', text_id: 'rfm', last_change: expect.any(String) },
      ],
      total_items: 2,
    });
    const byName = await asDevice(anonymousDevice, 'GET', '/segment-groups', { query: { name: 'adg' } });
    expect(byName.body.data.segment_groups.map((g: Body) => g.segment_group_id)).toEqual([groups.badges]);
    const byTextId = await asDevice(anonymousDevice, 'GET', '/segment-groups', { query: { text_id: 'rfm' } });
    expect(byTextId.body.data.total_items).toBe(1);
    const one = await asDevice(anonymousDevice, 'GET', `/segment-groups/${groups.rfm}`);
    expect(one.body.data).toMatchObject({ segment_group_id: groups.rfm, name: 'RFM' });
    expect((await enterprise('GET', '/segment-groups/unknown')).status).toBe(404);
  });
});
