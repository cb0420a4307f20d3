import { TestApp, TestResponse } from '../support/test-app';

/** The lifecycle of payment, purchase and purchase item types through the operator API, with their audit rows. */
describe('Operator API: payment, purchase and purchase item types', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const trail = async (targetType: string, targetId: string) =>
    (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })).body.data
      .audit_events;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a payment type, auditing each write', async () => {
    const body = { name: 'Google Pay', collects_points: true, overall_discounts: false, pays_by_credits: false };
    const created = await t.operator('POST', '/payment-types', { token, body });
    expect(created.status).toBe(201);
    const id = created.body.data.payment_type_id as string;
    expect(created.body.data).toMatchObject({ ...body, state: 1 });

    const listed = await t.operator('GET', '/payment-types', { token });
    expect(listed.body.data.payment_types.map((type: any) => type.payment_type_id)).toEqual(['A', 'C', 'D', 'S', id]);
    expect((await t.operator('GET', '/payment-types', { token, query: { q: 'google' } })).body.data.total_items).toBe(1);

    const changed = await t.operator('PUT', `/payment-types/${id}`, { token, body: { ...body, name: 'Google Wallet' } });
    expect(changed.body.data.name).toBe('Google Wallet');
    expect((await t.enterprise('GET', `/payment-types/${id}`, { token: enterprise })).body.data.name).toBe('Google Wallet');

    expect((await t.operator('POST', `/payment-types/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/payment-types', { token, query: { state: '0' } })).body.data.total_items).toBe(1);
    // The contract still reads it by id, but lists it no more.
    expect((await t.enterprise('GET', `/payment-types/${id}`, { token: enterprise })).status).toBe(200);
    const contractList = await t.enterprise('GET', '/payment-types', { token: enterprise });
    expect(contractList.body.data.payment_types.map((type: any) => type.payment_type_id)).not.toContain(id);
    expect((await t.operator('POST', `/payment-types/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const events = await trail('payment_type', id);
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /payment-types/{payment_type_id}/actions/activate',
      'POST /payment-types/{payment_type_id}/actions/deactivate',
      'PUT /payment-types/{payment_type_id}',
      'POST /payment-types',
    ]);
    expect(events[2].before.name).toBe('Google Pay');
    expect(events[2].after.name).toBe('Google Wallet');
  });

  it('keeps the built-in payment types as they are, naming the field', async () => {
    const body = { name: 'Renamed', collects_points: false, overall_discounts: false, pays_by_credits: false };
    const changed = await t.operator('PUT', '/payment-types/S', { token, body });
    expect(changed.status).toBe(400);
    expect(invalidParam(changed)).toMatchObject({ name: 'payment_type_id', reason: 'not_allowed_value' });
    const deactivated = await t.operator('POST', '/payment-types/A/actions/deactivate', { token });
    expect(invalidParam(deactivated)).toMatchObject({ name: 'payment_type_id', reason: 'not_allowed_value' });
    expect((await t.operator('GET', '/payment-types/S', { token })).body.data).toMatchObject({ collects_points: true, state: 1 });
    expect((await t.operator('GET', '/payment-types/A', { token })).body.data.state).toBe(1);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'payment_type' AND target_id IN ('S', 'A')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('creates, shows by text id, changes, deactivates and activates purchase and purchase item types', async () => {
    const created = await t.operator('POST', '/purchase-types', { token, body: { text_id: 'phone_order', name: 'Phone order' } });
    expect(created.status).toBe(201);
    const typeId = created.body.data.purchase_type_id as string;
    expect((await t.operator('GET', '/purchase-types/phone_order', { token })).body.data.purchase_type_id).toBe(typeId);
    expect((await t.operator('GET', '/purchase-types', { token, query: { q: 'phone' } })).body.data.total_items).toBe(1);
    const changed = await t.operator('PUT', '/purchase-types/phone_order', {
      token,
      body: { text_id: 'phone_order', name: 'Telephone order' },
    });
    expect(changed.body.data.name).toBe('Telephone order');
    const contract = await t.enterprise('GET', '/purchase-types', { token: enterprise, query: { text_id: 'phone_order' } });
    expect(contract.body.data.purchase_types[0].name).toBe('Telephone order');
    expect((await t.operator('POST', `/purchase-types/${typeId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    const hidden = await t.enterprise('GET', '/purchase-types', { token: enterprise, query: { text_id: 'phone_order' } });
    expect(hidden.body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/purchase-types/${typeId}/actions/activate`, { token })).body.data.state).toBe(1);
    expect((await trail('purchase_type', typeId)).map((event: any) => event.operation)).toEqual([
      'POST /purchase-types/{purchase_type_key}/actions/activate',
      'POST /purchase-types/{purchase_type_key}/actions/deactivate',
      'PUT /purchase-types/{purchase_type_key}',
      'POST /purchase-types',
    ]);

    const flags = { collects_points: false, rewards_apply: false, payable_by_points: true, points_payment_only: true };
    const item = await t.operator('POST', '/purchase-item-types', { token, body: { text_id: 'gift_wrap', name: 'Gift wrap', ...flags } });
    expect(item.status).toBe(201);
    expect(item.body.data).toMatchObject({ text_id: 'gift_wrap', ...flags, state: 1 });
    const itemChanged = await t.operator('PUT', '/purchase-item-types/gift_wrap', {
      token,
      body: { text_id: 'gift_wrap', name: 'Gift wrapping', ...flags, collects_points: true },
    });
    expect(itemChanged.body.data).toMatchObject({ name: 'Gift wrapping', collects_points: true });
    const events = await trail('purchase_item_type', item.body.data.purchase_item_type_id);
    expect(events[0].before.collects_points).toBe(false);
    expect(events[0].after.collects_points).toBe(true);
  });

  it('refuses a text id another type has, naming the field and changing nothing', async () => {
    const clash = await t.operator('POST', '/purchase-types', { token, body: { text_id: 'store_purchase', name: 'Again' } });
    expect(clash.status).toBe(400);
    expect(invalidParam(clash)).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const missingFlag = await t.operator('POST', '/purchase-item-types', { token, body: { text_id: 'x', name: 'X' } });
    expect(missingFlag.status).toBe(400);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM purchase_types WHERE name = 'Again'`);
    expect(rows[0].n).toBe(0);
  });
});
