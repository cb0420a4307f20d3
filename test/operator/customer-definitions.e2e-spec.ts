import { CustomerDefinitionService } from '../../src/modules/customers';
import { TestApp } from '../support/test-app';

/** The lifecycle of the definitions customers' records point at, through the operator API, with their audit rows. */
describe('Operator API: customer properties, interests, agreements, customer types and customer sources', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const trail = async (targetType: string, targetId: string) =>
    (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })).body.data
      .audit_events;
  const param = (response: { body: any }) => response.body.error.error_data.invalid_params[0];

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  describe('customer properties', () => {
    const shoeSize = {
      property_id: 'shoe_size',
      name: 'Shoe size',
      data_type: 'enum',
      items: [
        { id: 'eu42', name: 'EU 42' },
        { id: 'eu43', name: 'EU 43' },
      ],
    };

    it('creates, lists, shows, changes, deactivates and activates a property, auditing each write', async () => {
      const created = await t.operator('POST', '/customer-properties', { token, body: shoeSize });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ property_id: 'shoe_size', data_type: 'enum', state: 1, is_required: false });
      expect(created.body.data.items).toHaveLength(2);

      const listed = await t.operator('GET', '/customer-properties', { token, query: { q: 'shoe' } });
      expect(listed.body.data.customer_properties.map((p: any) => p.property_id)).toEqual(['shoe_size']);
      expect((await t.operator('GET', '/customer-properties/shoe_size', { token })).body.data.name).toBe('Shoe size');

      // An item left out is deactivated, not deleted: values naming it stay whole.
      const changed = await t.operator('PUT', '/customer-properties/shoe_size', {
        token,
        body: { ...shoeSize, name: 'Shoe size (EU)', items: [{ id: 'eu43', name: 'EU 43' }] },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data.items).toEqual([{ id: 'eu43', name: 'EU 43' }]);
      const items = await t.dataSource.query(`SELECT id, state FROM customer_property_items WHERE property_id = 'shoe_size' ORDER BY id`);
      expect(items).toEqual([
        { id: 'eu42', state: 0 },
        { id: 'eu43', state: 1 },
      ]);
      const contract = await t.enterprise('GET', '/customer-properties/shoe_size', { token: enterprise });
      expect(contract.body.data.name).toBe('Shoe size (EU)');

      expect((await t.operator('POST', '/customer-properties/shoe_size/actions/deactivate', { token })).body.data.state).toBe(0);
      expect((await t.operator('GET', '/customer-properties', { token, query: { state: '1', q: 'shoe' } })).body.data.total_items).toBe(0);
      expect((await t.operator('POST', '/customer-properties/shoe_size/actions/activate', { token })).body.data.state).toBe(1);

      const events = await trail('customer_property', 'shoe_size');
      expect(events.map((event: any) => event.operation)).toEqual([
        'POST /customer-properties/{property_id}/actions/activate',
        'POST /customer-properties/{property_id}/actions/deactivate',
        'PUT /customer-properties/{property_id}',
        'POST /customer-properties',
      ]);
      expect(events[2].before.name).toBe('Shoe size');
      expect(events[2].after.name).toBe('Shoe size (EU)');
    });

    it('changes the data type only while no customer holds a value, naming data_type', async () => {
      const body = { property_id: 'nickname', name: 'Nickname', data_type: 'string' };
      expect((await t.operator('POST', '/customer-properties', { token, body })).status).toBe(201);
      expect((await t.operator('PUT', '/customer-properties/nickname', { token, body: { ...body, data_type: 'integer' } })).status).toBe(
        200,
      );
      expect((await t.operator('PUT', '/customer-properties/nickname', { token, body })).status).toBe(200);

      const customer = await t.createCustomer();
      await t.dataSource.query(
        `INSERT INTO customer_property_records (property_record_id, customer_id, property_id, property_value) VALUES ($1, $2, 'nickname', '"Bobby"')`,
        ['a1000000000000000000000000000001', customer.customerId],
      );
      const refused = await t.operator('PUT', '/customer-properties/nickname', { token, body: { ...body, data_type: 'integer' } });
      expect(refused.status).toBe(400);
      expect(param(refused)).toMatchObject({ name: 'data_type', reason: 'not_allowed_value' });
      expect((await t.operator('GET', '/customer-properties/nickname', { token })).body.data.data_type).toBe('string');
      expect((await trail('customer_property', 'nickname')).length).toBe(3);
      // A rename with the same type is still fine.
      expect((await t.operator('PUT', '/customer-properties/nickname', { token, body: { ...body, name: 'Nick' } })).status).toBe(200);
    });

    it('refuses a taken id, an enum without items and a changed id, naming the field', async () => {
      const clash = await t.operator('POST', '/customer-properties', { token, body: { ...shoeSize, name: 'Again' } });
      expect(param(clash)).toMatchObject({ name: 'property_id', reason: 'already_exists' });
      const noItems = await t.operator('POST', '/customer-properties', { token, body: { ...shoeSize, property_id: 'size2', items: [] } });
      expect(param(noItems).name).toBe('items');
      expect((await t.operator('GET', '/customer-properties/size2', { token })).status).toBe(404);
      const renamed = await t.operator('PUT', '/customer-properties/shoe_size', { token, body: { ...shoeSize, property_id: 'other' } });
      expect(param(renamed).name).toBe('property_id');
    });
  });

  describe('interests', () => {
    it('creates, lists, shows, changes, deactivates and activates an interest, auditing each write', async () => {
      const created = await t.operator('POST', '/interests', { token, body: { name: 'Trail running' } });
      expect(created.status).toBe(201);
      const id = created.body.data.interest_id as string;
      expect(
        (await t.operator('GET', '/interests', { token, query: { q: 'trail' } })).body.data.interests.map((i: any) => i.interest_id),
      ).toEqual([id]);
      expect((await t.operator('GET', `/interests/${id}`, { token })).body.data.name).toBe('Trail running');
      expect((await t.operator('PUT', `/interests/${id}`, { token, body: { name: 'Running' } })).body.data.name).toBe('Running');
      expect((await t.enterprise('GET', `/interests/${id}`, { token: enterprise })).body.data.name).toBe('Running');

      expect((await t.operator('POST', `/interests/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
      // The contract no longer offers it.
      expect((await t.enterprise('GET', `/interests/${id}`, { token: enterprise })).status).toBe(404);
      expect((await t.operator('GET', '/interests', { token, query: { state: '0', q: 'running' } })).body.data.total_items).toBe(1);
      expect((await t.operator('POST', `/interests/${id}/actions/activate`, { token })).body.data.state).toBe(1);

      const events = await trail('interest', id);
      expect(events.map((event: any) => event.operation)).toEqual([
        'POST /interests/{interest_id}/actions/activate',
        'POST /interests/{interest_id}/actions/deactivate',
        'PUT /interests/{interest_id}',
        'POST /interests',
      ]);
      expect(events[2].before.name).toBe('Trail running');
    });

    it('refuses an empty name and creates nothing', async () => {
      const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM interests`))[0].n;
      const refused = await t.operator('POST', '/interests', { token, body: { name: '' } });
      expect(refused.status).toBe(400);
      expect(param(refused).name).toBe('name');
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM interests`))[0].n).toBe(before);
    });
  });

  describe('agreements', () => {
    it('creates with the channel by text id, shows by text id, changes, deactivates and activates, auditing each write', async () => {
      const [email] = await t.dataSource.query(`SELECT communication_channel_id FROM communication_channels WHERE text_id = 'email'`);
      const created = await t.operator('POST', '/agreements', {
        token,
        body: { text_id: 'newsletter', name: 'Newsletter', text: 'Monthly news', communication_channel_id: 'email' },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.agreement_id as string;
      expect(created.body.data.communication_channel_id).toBe(email.communication_channel_id);

      expect((await t.operator('GET', '/agreements/newsletter', { token })).body.data.agreement_id).toBe(id);
      expect((await t.operator('GET', '/agreements', { token, query: { q: 'newsl' } })).body.data.total_items).toBe(1);
      const changed = await t.operator('PUT', '/agreements/newsletter', {
        token,
        body: {
          text_id: 'newsletter',
          name: 'Weekly newsletter',
          text: 'Weekly news',
          communication_channel_id: email.communication_channel_id,
        },
      });
      expect(changed.body.data).toMatchObject({ name: 'Weekly newsletter', text: 'Weekly news' });
      expect((await t.enterprise('GET', `/agreements/${id}`, { token: enterprise })).body.data.name).toBe('Weekly newsletter');

      expect((await t.operator('POST', '/agreements/newsletter/actions/deactivate', { token })).body.data.state).toBe(0);
      expect((await t.operator('GET', '/agreements', { token, query: { state: '1', q: 'newsl' } })).body.data.total_items).toBe(0);
      expect((await t.operator('POST', '/agreements/newsletter/actions/activate', { token })).body.data.state).toBe(1);

      const events = await trail('agreement', id);
      expect(events.map((event: any) => event.operation)).toEqual([
        'POST /agreements/{agreement_key}/actions/activate',
        'POST /agreements/{agreement_key}/actions/deactivate',
        'PUT /agreements/{agreement_key}',
        'POST /agreements',
      ]);
      expect(events[2].before.name).toBe('Newsletter');
    });

    it('refuses an unknown channel and a taken text id, naming the field', async () => {
      const noChannel = await t.operator('POST', '/agreements', {
        token,
        body: { text_id: 'pigeon', name: 'Pigeon post', communication_channel_id: 'pigeon' },
      });
      expect(param(noChannel)).toMatchObject({ name: 'communication_channel_id', reason: 'not_found' });
      expect((await t.operator('GET', '/agreements/pigeon', { token })).status).toBe(404);
      const clash = await t.operator('POST', '/agreements', { token, body: { text_id: 'newsletter', name: 'Again' } });
      expect(param(clash)).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    });
  });

  describe('customer types', () => {
    it('creates, lists, shows by id or text id, changes, deactivates and activates a type, auditing each write', async () => {
      const created = await t.operator('POST', '/customer-types', { token, body: { text_id: 'wholesale', name: 'Wholesale' } });
      expect(created.status).toBe(201);
      const id = created.body.data.type_id as string;
      expect((await t.operator('GET', '/customer-types/wholesale', { token })).body.data.type_id).toBe(id);
      expect((await t.operator('GET', `/customer-types/${id}`, { token })).body.data.text_id).toBe('wholesale');
      expect((await t.operator('GET', '/customer-types', { token, query: { q: 'wholes' } })).body.data.total_items).toBe(1);
      const changed = await t.operator('PUT', '/customer-types/wholesale', { token, body: { text_id: 'wholesale', name: 'Trade' } });
      expect(changed.body.data.name).toBe('Trade');
      expect((await t.enterprise('GET', `/customer-types/${id}`, { token: enterprise })).body.data.name).toBe('Trade');

      expect((await t.operator('POST', '/customer-types/wholesale/actions/deactivate', { token })).body.data.state).toBe(0);
      // Still readable by id, as rewards name it, but no longer listed for new use.
      expect((await t.enterprise('GET', `/customer-types/${id}`, { token: enterprise })).status).toBe(200);
      const listed = await t.enterprise('GET', '/customer-types', { token: enterprise });
      expect(listed.body.data.customer_types.map((type: any) => type.type_id)).not.toContain(id);
      expect((await t.operator('GET', '/customer-types', { token, query: { state: '0' } })).body.data.total_items).toBe(1);
      // Rewards and campaign products check the types they name through this: a deactivated one is refused for new use.
      await expect(t.service(CustomerDefinitionService).requireCustomerTypes([id], 'customer_types')).rejects.toThrow(
        'No active customer type has this id',
      );
      expect((await t.operator('POST', `/customer-types/${id}/actions/activate`, { token })).body.data.state).toBe(1);

      const events = await trail('customer_type', id);
      expect(events.map((event: any) => event.operation)).toEqual([
        'POST /customer-types/{customer_type_key}/actions/activate',
        'POST /customer-types/{customer_type_key}/actions/deactivate',
        'PUT /customer-types/{customer_type_key}',
        'POST /customer-types',
      ]);
      expect(events[2].before.name).toBe('Wholesale');
    });

    it('refuses a taken text id and a malformed one, naming text_id', async () => {
      const clash = await t.operator('POST', '/customer-types', { token, body: { text_id: 'business', name: 'Again' } });
      expect(param(clash)).toMatchObject({ name: 'text_id', reason: 'already_exists' });
      const malformed = await t.operator('POST', '/customer-types', { token, body: { text_id: 'Not Valid', name: 'X' } });
      expect(param(malformed).name).toBe('text_id');
    });
  });

  describe('customer sources', () => {
    it('creates, lists, shows by id or text id, changes, deactivates and activates a source, auditing each write', async () => {
      const created = await t.operator('POST', '/customer-sources', { token, body: { customer_source_text_id: 'kiosk', name: 'Kiosk' } });
      expect(created.status).toBe(201);
      const id = created.body.data.customer_source_id as string;
      expect((await t.operator('GET', '/customer-sources/kiosk', { token })).body.data.customer_source_id).toBe(id);
      expect((await t.operator('GET', '/customer-sources', { token, query: { q: 'kios' } })).body.data.total_items).toBe(1);
      const changed = await t.operator('PUT', '/customer-sources/kiosk', {
        token,
        body: { customer_source_text_id: 'kiosk', name: 'In-store kiosk' },
      });
      expect(changed.body.data.name).toBe('In-store kiosk');
      expect((await t.enterprise('GET', `/customer-sources/${id}`, { token: enterprise })).body.data.name).toBe('In-store kiosk');
      expect((await t.operator('POST', '/customer-sources/kiosk/actions/deactivate', { token })).body.data.state).toBe(0);
      expect((await t.operator('GET', '/customer-sources', { token, query: { state: '1', q: 'kios' } })).body.data.total_items).toBe(0);
      expect((await t.operator('POST', '/customer-sources/kiosk/actions/activate', { token })).body.data.state).toBe(1);

      const events = await trail('customer_source', id);
      expect(events.map((event: any) => event.operation)).toEqual([
        'POST /customer-sources/{customer_source_key}/actions/activate',
        'POST /customer-sources/{customer_source_key}/actions/deactivate',
        'PUT /customer-sources/{customer_source_key}',
        'POST /customer-sources',
      ]);
      expect(events[2].before.name).toBe('Kiosk');
    });

    it('refuses a taken text id, naming it', async () => {
      const clash = await t.operator('POST', '/customer-sources', { token, body: { customer_source_text_id: 'kiosk', name: 'Again' } });
      expect(param(clash)).toMatchObject({ name: 'customer_source_text_id', reason: 'already_exists' });
    });
  });

  it('lets an analyst read but not write', async () => {
    const analyst = (await t.operatorToken(['analyst'])).token;
    for (const path of ['/customer-properties', '/interests', '/agreements', '/customer-types', '/customer-sources']) {
      expect((await t.operator('GET', path, { token: analyst })).status).toBe(200);
      expect((await t.operator('POST', path, { token: analyst, body: {} })).status).toBe(403);
    }
  });
});
