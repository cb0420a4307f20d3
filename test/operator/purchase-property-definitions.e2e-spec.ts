import { PurchasePropertyService } from '../../src/modules/purchases';
import { TestApp, TestResponse } from '../support/test-app';

/** The lifecycle of purchase and purchase item properties through the operator API, with their audit rows. */
describe('Operator API: purchase and purchase item properties', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
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

  it('creates, lists, shows, changes, deactivates and activates a purchase property, auditing each write', async () => {
    const body = {
      property_id: 'sales_channel',
      name: 'Sales channel',
      data_type: 'enum',
      items: [
        { id: 'shop', name: 'Shop' },
        { id: 'web', name: 'Web' },
      ],
    };
    const created = await t.operator('POST', '/purchase-properties', { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ ...body, is_required: false, is_unique: false, state: 1, last_change: expect.any(String) });
    expect((await t.operator('GET', '/purchase-properties/sales_channel', { token })).body.data.name).toBe('Sales channel');
    expect((await t.operator('GET', '/purchase-item-properties/sales_channel', { token })).status).toBe(404);
    const listed = await t.operator('GET', '/purchase-properties', { token, query: { q: 'sales' } });
    expect(listed.body.data).toEqual({ purchase_properties: [created.body.data], total_items: 1 });

    const changed = await t.operator('PUT', '/purchase-properties/sales_channel', {
      token,
      body: { ...body, name: 'Channel', is_required: true, items: [{ id: 'web', name: 'Website' }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Channel', is_required: true, items: [{ id: 'web', name: 'Website' }], state: 1 });
    expect((await t.enterprise('GET', '/purchase-properties/sales_channel', { token: enterprise })).body.data).toMatchObject({
      name: 'Channel',
      is_required: true,
      items: [expect.objectContaining({ id: 'shop', state: 0 }), expect.objectContaining({ id: 'web', name: 'Website', state: 1 })],
      state: 1,
    });

    const deactivated = await t.operator('POST', '/purchase-properties/sales_channel/actions/deactivate', { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.state).toBe(0);
    expect((await t.operator('GET', '/purchase-properties', { token, query: { q: 'sales', state: '1' } })).body.data.total_items).toBe(0);
    // The contract keeps reading and listing it as deleted, but no bill may carry it any more.
    expect((await t.enterprise('GET', '/purchase-properties/sales_channel', { token: enterprise })).body.data.state).toBe(0);
    const contractList = await t.enterprise('GET', '/purchase-properties', { token: enterprise, query: { name: 'channel' } });
    expect(contractList.body.data.purchase_properties).toEqual([expect.objectContaining({ property_id: 'sales_channel', state: 0 })]);
    await expect(
      t.service(PurchasePropertyService).validateRecords('purchase', [{ property_id: 'sales_channel', property_value: 'web' }], 'bill'),
    ).rejects.toMatchObject({
      details: { data: { params: [expect.objectContaining({ name: 'bill.0.property_id', reason: 'not_found' })] } },
    });
    const activated = await t.operator('POST', '/purchase-properties/sales_channel/actions/activate', { token });
    expect(activated.status).toBe(200);
    expect(activated.body.data.state).toBe(1);

    const events = await trail('purchase_property', 'sales_channel');
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /purchase-properties/{property_id}/actions/activate',
      'POST /purchase-properties/{property_id}/actions/deactivate',
      'PUT /purchase-properties/{property_id}',
      'POST /purchase-properties',
    ]);
    expect(events[2].before).toMatchObject({ name: 'Sales channel', is_required: false });
    expect(events[2].after).toMatchObject({ name: 'Channel', is_required: true });
    expect(events[1].after).toMatchObject({ state: 0 });
  });

  it('keeps purchase item properties apart, by the same id', async () => {
    const body = { property_id: 'sales_channel', name: 'Line channel', data_type: 'string', is_unique: true };
    const created = await t.operator('POST', '/purchase-item-properties', { token, body });
    expect(created.status).toBe(201);
    expect((await t.enterprise('GET', '/purchase-item-properties/sales_channel', { token: enterprise })).body.data).toMatchObject({
      name: 'Line channel',
      is_unique: true,
    });
    expect((await t.operator('PUT', '/purchase-item-properties/sales_channel', { token, body: { ...body, name: 'Serial' } })).status).toBe(
      200,
    );
    expect((await t.operator('POST', '/purchase-item-properties/sales_channel/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', '/purchase-item-properties/sales_channel', { token: enterprise })).body.data).toMatchObject({
      name: 'Serial',
      state: 0,
    });
    expect((await t.operator('GET', '/purchase-properties/sales_channel', { token })).body.data).toMatchObject({
      name: 'Channel',
      state: 1,
    });
    expect((await trail('purchase_item_property', 'sales_channel')).map((event: any) => event.operation)).toEqual([
      'POST /purchase-item-properties/{property_id}/actions/deactivate',
      'PUT /purchase-item-properties/{property_id}',
      'POST /purchase-item-properties',
    ]);
  });

  it('names the field in a refusal and changes nothing', async () => {
    const before = [await count('purchase_properties'), await count('purchase_property_items'), await count('audit_events')];
    const unknownType = await t.operator('POST', '/purchase-properties', {
      token,
      body: { property_id: 'p', name: 'P', data_type: 'colour' },
    });
    expect(unknownType.status).toBe(400);
    expect(invalidParam(unknownType)).toMatchObject({ name: 'data_type', reason: 'not_allowed_value' });
    const clash = await t.operator('POST', '/purchase-properties', {
      token,
      body: { property_id: 'sales_channel', name: 'X', data_type: 'string' },
    });
    expect(invalidParam(clash)).toMatchObject({ name: 'property_id', reason: 'already_exists' });
    const foreignItem = await t.operator('POST', '/purchase-item-properties', {
      token,
      body: { property_id: 'size', name: 'Size', data_type: 'enum', items: [{ id: 'web', name: 'Web' }] },
    });
    expect(invalidParam(foreignItem)).toMatchObject({ name: 'items.0.id', reason: 'already_exists' });
    const renamed = await t.operator('PUT', '/purchase-properties/sales_channel', {
      token,
      body: { property_id: 'channel', name: 'X', data_type: 'string' },
    });
    expect(invalidParam(renamed)).toMatchObject({ name: 'property_id', reason: 'not_allowed_value' });
    const badFlag = await t.operator('POST', '/purchase-properties', {
      token,
      body: { property_id: 'p', name: 'P', data_type: 'string', is_unique: 'yes' },
    });
    expect(invalidParam(badFlag)).toMatchObject({ name: 'is_unique' });
    expect(
      (await t.operator('PUT', '/purchase-properties/nothing', { token, body: { property_id: 'nothing', name: 'N', data_type: 'string' } }))
        .status,
    ).toBe(404);
    expect([await count('purchase_properties'), await count('purchase_property_items'), await count('audit_events')]).toEqual(before);
    expect((await t.operator('GET', '/purchase-properties/sales_channel', { token })).body.data.name).toBe('Channel');
  });
});
