import { TestApp, TestResponse } from '../support/test-app';

/** Customer relation and address types through the operator API: lifecycle, audit rows, and what the contract then offers. */
describe('Operator API: customer relation and address types', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const contract = (method: 'GET' | 'POST', path: string, body?: object): Promise<TestResponse> =>
    t.enterprise(method, path, { token: enterprise, body });
  const trail = async (targetType: string, targetId: string) =>
    (
      await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })
    ).body.data.audit_events.map((event: any) => event.operation);
  const refusal = (response: TestResponse) => response.body.error.error_data.invalid_params[0];

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it('creates, renames, deactivates and activates a relation type; a deactivated one shows state 0 and relates no one', async () => {
    const created = await t.operator('POST', '/customer-relation-types', { token, body: { name: 'Household' } });
    expect(created.status).toBe(201);
    const typeId = created.body.data.customer_relation_type_id as string;
    expect(created.body.data).toMatchObject({ name: 'Household', state: 1 });
    const renamed = await t.operator('PUT', `/customer-relation-types/${typeId}`, { token, body: { name: 'Family account' } });
    expect(renamed.body.data.name).toBe('Family account');
    expect((await contract('GET', `/customer-relation-types/${typeId}`)).body.data).toMatchObject({ name: 'Family account', state: 1 });

    expect((await t.operator('POST', `/customer-relation-types/${typeId}/actions/deactivate`, { token })).status).toBe(200);
    expect((await contract('GET', `/customer-relation-types/${typeId}`)).body.data.state).toBe(0);
    const [customer, partner] = [await t.createCustomer(), await t.createCustomer()];
    const related = await contract('POST', `/customers/${customer.customerId}/related-customers`, {
      related_customer: { related_customer_id: partner.customerId, customer_relation_type_id: typeId, is_leading: true },
    });
    expect(related.status).toBe(400);
    expect(refusal(related)).toMatchObject({ name: 'related_customer.customer_relation_type_id', reason: 'not_found' });

    expect((await t.operator('POST', `/customer-relation-types/${typeId}/actions/activate`, { token })).body.data.state).toBe(1);
    expect(await trail('customer_relation_type', typeId)).toEqual([
      'POST /customer-relation-types/{customer_relation_type_id}/actions/activate',
      'POST /customer-relation-types/{customer_relation_type_id}/actions/deactivate',
      'PUT /customer-relation-types/{customer_relation_type_id}',
      'POST /customer-relation-types',
    ]);
  });

  it('creates, deactivates and activates an address type; the contract stops listing a deactivated one and takes no address of it', async () => {
    const empty = await t.operator('POST', '/customer-address-types', { token, body: { name: '' } });
    expect(empty.status).toBe(400);
    expect(refusal(empty).name).toBe('name');
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'customer_address_type'`))[0].n).toBe(
      0,
    );

    const created = await t.operator('POST', '/customer-address-types', { token, body: { name: 'Holiday home' } });
    expect(created.status).toBe(201);
    const typeId = created.body.data.address_type_id as string;
    const listed = async () =>
      (await contract('GET', '/customer-address-types')).body.data.customer_address_types.map((type: any) => type.address_type_id);
    expect(await listed()).toContain(typeId);

    expect((await t.operator('POST', `/customer-address-types/${typeId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect(await listed()).not.toContain(typeId);
    expect((await contract('GET', `/customer-address-types/${typeId}`)).body.data.name).toBe('Holiday home');
    const customer = await t.createCustomer();
    const address = await contract('POST', `/customers/${customer.customerId}/addresses`, {
      additional_address: { address_type: typeId, address: { city: 'Brno' } },
    });
    expect(address.status).toBe(400);
    expect(refusal(address)).toMatchObject({ name: 'additional_address.address_type', reason: 'not_found' });

    expect((await t.operator('POST', `/customer-address-types/${typeId}/actions/activate`, { token })).status).toBe(200);
    expect(await listed()).toContain(typeId);
    expect((await t.operator('GET', '/customer-address-types', { token, query: { q: 'holiday' } })).body.data.total_items).toBe(1);
    expect(await trail('customer_address_type', typeId)).toHaveLength(3);
  });
});
