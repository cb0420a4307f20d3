import { TestApp } from '../support/test-app';

/** Status tiers' whole lifecycle through the operator API, with their audit rows. */
describe('Operator API: statuses', () => {
  let t: TestApp;
  let token: string;
  let enterpriseToken: string;
  let eur: string;
  let gold: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterpriseToken = await t.enterpriseToken();
    eur = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    gold = (await t.dataSource.query(`SELECT status_id FROM statuses WHERE text_id = 'gold'`))[0].status_id;
  });
  afterAll(() => t.close());

  const ent = (method: Parameters<TestApp['enterprise']>[0], path: string, body?: object) =>
    t.enterprise(method, path, { token: enterpriseToken, body });

  const platinum = {
    text_id: 'platinum',
    name: 'Platinum',
    tier: 3,
    qualification_type: 2,
    qualification_period: 12,
    qualification_points: 20000,
    qualification_turnovers: [{ currency_id: 'EUR', value: 5000 }],
    validity_period: '12 months',
    discount: 15,
  };

  it('creates, lists, shows by id or text id, changes, deactivates and activates a status, auditing each write', async () => {
    const created = await t.operator('POST', '/statuses', { token, body: platinum });
    expect(created.status).toBe(201);
    const statusId = created.body.data.status_id as string;
    expect(created.body.data).toMatchObject({
      text_id: 'platinum',
      qualification_turnovers: [{ currency_id: eur, currency_code: 'EUR', value: 5000 }],
      collection_points: true,
      state: 1,
    });
    // It joins the tier chain the contract shows, above gold.
    expect((await ent('GET', `/statuses/${statusId}`)).body.data.previous_status).toBe(gold);
    expect((await ent('GET', `/statuses/${gold}`)).body.data.next_status).toBe(statusId);

    expect((await t.operator('GET', '/statuses/platinum', { token })).body.data.status_id).toBe(statusId);
    const listed = await t.operator('GET', '/statuses', { token, query: { q: 'plat' } });
    expect(listed.body.data.statuses.map((status: any) => status.status_id)).toEqual([statusId]);

    const changed = await t.operator('PUT', '/statuses/platinum', {
      token,
      body: {
        ...platinum,
        qualification_points: null,
        qualification_turnovers: [
          { currency_id: 'eur', value: 6000 },
          { currency_id: 'USD', value: 7000 },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.qualification_turnovers.map((turnover: any) => [turnover.currency_code, turnover.value])).toEqual([
      ['EUR', 6000],
      ['USD', 7000],
    ]);
    const contract = await ent('GET', `/statuses/${statusId}`);
    expect(contract.body.data.qualification_points ?? null).toBeNull();
    expect(contract.body.data.qualification_turnover).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency_id: eur, value: 6000 })]),
    );

    // A customer holding it keeps it once it is deactivated; no one new is given it.
    const customer = await t.createCustomer();
    expect(
      (await ent('POST', '/customers/actions/set-status-record', { customer_id: customer.customerId, status_id: statusId })).status,
    ).toBe(200);
    expect((await t.operator('POST', `/statuses/${statusId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/statuses', { token, query: { state: '1', q: 'plat' } })).body.data.total_items).toBe(0);
    expect((await ent('GET', `/customers/${customer.customerId}/status-records`)).body.data.status_records[0].status_id).toBe(statusId);
    expect((await ent('GET', `/statuses/${statusId}`)).status).toBe(200);
    expect((await ent('GET', `/statuses/${gold}`)).body.data.next_status ?? null).toBeNull();
    expect((await ent('GET', '/statuses')).body.data.statuses.map((status: any) => status.text_id)).not.toContain('platinum');
    const other = await t.createCustomer();
    const refused = await ent('POST', '/customers/actions/set-status-record', { customer_id: other.customerId, status_id: statusId });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0].name).toBe('status_id');

    expect((await t.operator('POST', '/statuses/platinum/actions/activate', { token })).body.data.state).toBe(1);
    expect((await ent('GET', `/statuses/${gold}`)).body.data.next_status).toBe(statusId);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'status', target_id: statusId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /statuses/{status_key}/actions/activate',
      'POST /statuses/{status_key}/actions/deactivate',
      'PUT /statuses/{status_key}',
      'POST /statuses',
    ]);
    expect(trail.body.data.audit_events[2].before.qualification_points).toBe(20000);
    expect(trail.body.data.audit_events[2].after.qualification_points ?? null).toBeNull();
  });

  it.each([
    ['a tier another status has', { tier: 2 }, 'tier', 'already_exists'],
    ['a text id another status has', { text_id: 'gold' }, 'text_id', 'already_exists'],
    [
      'conditions without a threshold',
      { qualification_points: null, qualification_turnovers: [] },
      'qualification_type',
      'not_allowed_value',
    ],
    ['thresholds on a manual status', { qualification_type: 1 }, 'qualification_turnovers', 'not_allowed_value'],
    [
      'an unknown currency',
      { qualification_turnovers: [{ currency_id: 'QQQ', value: 1 }] },
      'qualification_turnovers.0.currency_id',
      'not_found',
    ],
    [
      'a currency twice',
      {
        qualification_turnovers: [
          { currency_id: 'EUR', value: 1 },
          { currency_id: 'eur', value: 2 },
        ],
      },
      'qualification_turnovers.1.currency_id',
      'already_exists',
    ],
    ['an unreadable validity', { validity_period: 'forever' }, 'validity_period', undefined],
  ])('refuses %s naming the field and changes nothing', async (_, change, field, reason) => {
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM statuses`);
    const refused = await t.operator('POST', '/statuses', { token, body: { ...platinum, text_id: 'diamond', tier: 4, ...change } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: field, ...(reason ? { reason } : {}) });
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM statuses`)).toEqual(before);
  });
});
