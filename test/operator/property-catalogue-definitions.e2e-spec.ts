import { TestApp } from '../support/test-app';

/** Every catalogue that shares the property definitions, each reading its own changes back on the contract's API. */
const CATALOGUES = [
  { resource: 'partner-properties', kind: 'partner_property' },
  { resource: 'product-properties', kind: 'product_property' },
  { resource: 'task-properties', kind: 'task_property' },
  { resource: 'booking-ticket-properties', kind: 'booking_ticket_property' },
  { resource: 'store-properties', kind: 'store_property' },
  { resource: 'reward-properties', kind: 'reward_property' },
  { resource: 'voucher-properties', kind: 'voucher_property' },
];

/** The property catalogues' lifecycle through the operator API, with their audit rows and what the contract's reads see. */
describe('Operator API: property catalogues', () => {
  let t: TestApp;
  let token: string;
  let enterprise: string;

  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
  /** The property as the contract's list shows it. */
  const contractRead = async (resource: string, propertyId: string) => {
    const listed = await t.enterprise('GET', `/${resource}`, { token: enterprise, query: { count: '100' } });
    expect(listed.status).toBe(200);
    const rows = Object.values(listed.body.data).find(Array.isArray) as any[];
    return rows.find((row) => row.property_id === propertyId);
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it.each(CATALOGUES)(
    '$resource: creates, lists, shows, changes, deactivates and activates, auditing each write',
    async ({ resource, kind }) => {
      const body = {
        property_id: 'shoe_size',
        name: 'Shoe size',
        description: 'European sizes',
        data_type: 'enum',
        items: [
          { id: `${kind}_42`, name: 'EU 42' },
          { id: `${kind}_43`, name: 'EU 43' },
        ],
      };
      const created = await t.operator('POST', `/${resource}`, { token, body });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({ ...body, is_required: false, is_unique: false, state: 1, last_change: expect.any(String) });
      expect((await t.operator('GET', `/${resource}/shoe_size`, { token })).body.data.name).toBe('Shoe size');
      expect((await t.operator('GET', `/${resource}/nothing`, { token })).status).toBe(404);
      const listed = await t.operator('GET', `/${resource}`, { token, query: { q: 'shoe' } });
      expect(listed.body.data[resource.replace(/-/g, '_')].map((property: any) => property.property_id)).toEqual(['shoe_size']);

      const changed = await t.operator('PUT', `/${resource}/shoe_size`, {
        token,
        body: { ...body, name: 'Size', is_required: true, items: [{ id: `${kind}_43`, name: 'EU 43 wide' }] },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ name: 'Size', is_required: true, items: [{ id: `${kind}_43`, name: 'EU 43 wide' }] });
      expect(await contractRead(resource, 'shoe_size')).toMatchObject({ name: 'Size', is_required: true, state: 1 });

      const deactivated = await t.operator('POST', `/${resource}/shoe_size/actions/deactivate`, { token });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.data.state).toBe(0);
      expect((await t.operator('GET', `/${resource}`, { token, query: { state: '1', q: 'shoe' } })).body.data.total_items).toBe(0);
      expect(await contractRead(resource, 'shoe_size')).toMatchObject({ state: 0 });
      const activated = await t.operator('POST', `/${resource}/shoe_size/actions/activate`, { token });
      expect(activated.status).toBe(200);
      expect(activated.body.data.state).toBe(1);

      const owner = (await t.operatorToken(['owner'])).token;
      const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: kind, target_id: 'shoe_size' } });
      expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
        `POST /${resource}/{property_id}/actions/activate`,
        `POST /${resource}/{property_id}/actions/deactivate`,
        `PUT /${resource}/{property_id}`,
        `POST /${resource}`,
      ]);
      expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Shoe size', is_required: false });
      expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Size', is_required: true });
    },
  );

  it('keeps reward and voucher properties apart, though they share a table', async () => {
    expect((await t.operator('GET', '/reward-properties/shoe_size', { token })).body.data.items).toEqual([
      { id: 'reward_property_43', name: 'EU 43 wide' },
    ]);
    expect((await t.operator('GET', '/voucher-properties/shoe_size', { token })).body.data.items).toEqual([
      { id: 'voucher_property_43', name: 'EU 43 wide' },
    ]);
    const timestamp = await t.operator('POST', '/voucher-properties', {
      token,
      body: { property_id: 'handed_over', name: 'Handed over', data_type: 'timestamp' },
    });
    expect(timestamp.status).toBe(201);
    expect((await t.operator('GET', '/reward-properties/handed_over', { token })).status).toBe(404);
  });

  it('names the field in a refusal and changes nothing', async () => {
    const before = [await count('partner_properties'), await count('partner_property_items'), await count('audit_events')];
    const unknownType = await t.operator('POST', '/partner-properties', {
      token,
      body: { property_id: 'p', name: 'P', data_type: 'colour' },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'data_type', reason: 'not_allowed_value' });
    const clash = await t.operator('POST', '/partner-properties', {
      token,
      body: { property_id: 'shoe_size', name: 'X', data_type: 'string' },
    });
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'property_id', reason: 'already_exists' });
    const renamed = await t.operator('PUT', '/partner-properties/shoe_size', {
      token,
      body: { property_id: 'size', name: 'X', data_type: 'string' },
    });
    expect(renamed.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'property_id', reason: 'not_allowed_value' });
    const noItems = await t.operator('PUT', '/partner-properties/shoe_size', {
      token,
      body: { property_id: 'shoe_size', name: 'X', data_type: 'enum' },
    });
    expect(noItems.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'items', reason: 'required' });
    const unique = await t.operator('POST', '/product-properties', {
      token,
      body: { property_id: 'ean', name: 'EAN', data_type: 'string', is_unique: true },
    });
    expect(unique.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'is_unique' });
    const noTimestamp = await t.operator('POST', '/store-properties', {
      token,
      body: { property_id: 'opened', name: 'Opened', data_type: 'timestamp' },
    });
    expect(noTimestamp.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'data_type' });
    expect([await count('partner_properties'), await count('partner_property_items'), await count('audit_events')]).toEqual(before);
    expect((await t.operator('GET', '/partner-properties/shoe_size', { token })).body.data.name).toBe('Size');
  });

  it('offers a deactivated store property for no new store value, while a store that has one keeps it', async () => {
    await t.operator('POST', '/store-properties', { token, body: { property_id: 'parking', name: 'Parking', data_type: 'boolean' } });
    const [{ store_id: storeId }] = await t.dataSource.query(`SELECT store_id FROM stores ORDER BY store_id LIMIT 1`);
    const kept = await t.enterprise('POST', `/stores/${storeId}/property-records`, {
      token: enterprise,
      body: { property_record: { property_id: 'parking', property_value: true } },
    });
    expect(kept.status).toBe(201);
    await t.operator('POST', '/store-properties/parking/actions/deactivate', { token });
    const refused = await t.enterprise('POST', `/stores/${storeId}/property-records`, {
      token: enterprise,
      body: { property_record: { property_id: 'parking', property_value: false } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'property_record.property_id', reason: 'deleted' });
    const changed = await t.enterprise('PUT', `/stores/${storeId}/property-records/${kept.body.data.property_record_id}`, {
      token: enterprise,
      body: { property_record: { property_id: 'parking', property_value: false } },
    });
    expect(changed.status).toBe(204);
  });
});
