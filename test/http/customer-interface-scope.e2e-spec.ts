import { randomBytes } from 'node:crypto';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

/** What a device token may read of other customers on the Customer interface: nothing personal. */
describe('Customer interface scoping (HTTP)', () => {
  let t: TestApp;
  let enterprise: string;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let aliceDevice: string;
  let bobDevice: string;
  let anonymousDevice: string;

  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const externalIdsOf = (response: TestResponse): string[] =>
    response.body.data.customer_source_records.map((record: { external_id: string }) => record.external_id).sort();

  beforeAll(async () => {
    t = await TestApp.create();
    enterprise = await t.enterpriseToken();
    alice = await t.createCustomer({ firstName: 'Alice', lastName: 'Arnold' });
    bob = await t.createCustomer({ firstName: 'Bob', lastName: 'Brandt' });
    aliceDevice = await t.deviceToken(alice);
    bobDevice = await t.deviceToken(bob);
    anonymousDevice = await t.deviceToken();
  });

  afterAll(() => t.close());

  describe('GET /customer-source-records', () => {
    let sourceId: string;
    const suffix = randomBytes(4).toString('hex');
    const aliceExternal = `alice-${suffix}`;
    const bobExternal = `bob-${suffix}`;

    beforeAll(async () => {
      sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources ORDER BY customer_source_id LIMIT 1`))[0]
        .customer_source_id;
      for (const [customer, externalId] of [
        [alice, aliceExternal],
        [bob, bobExternal],
      ] as const) {
        const added = await t.enterprise('POST', `/customers/${customer.customerId}/customer-source-records`, {
          token: enterprise,
          body: { customer_source_record: { customer_source_id: sourceId, external_id: externalId } },
        });
        expect(added.status).toBe(201);
      }
    });

    it('refuses a device token without a logged-in customer', async () => {
      const response = await t.customer('GET', '/customer-source-records', { token: anonymousDevice });
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({
        type: 'customer_not_logged_in_exception',
        exception: 'customer_not_logged_in_exception',
      });
    });

    it("lists only the logged-in customer's records, whatever the other filters", async () => {
      const own = await t.customer('GET', '/customer-source-records', { token: aliceDevice, query: { count: '1000' } });
      expect(own.status).toBe(200);
      const customers = new Set(own.body.data.customer_source_records.map((record: { customer_id: string }) => record.customer_id));
      expect([...customers]).toEqual([alice.customerId]);
      expect(own.body.data.total_items).toBe(own.body.data.customer_source_records.length);
      expect(externalIdsOf(own)).toContain(aliceExternal);

      const byExternalIds = await t.customer('GET', '/customer-source-records', {
        token: aliceDevice,
        query: { 'external_ids[]': [aliceExternal, bobExternal] },
      });
      expect(externalIdsOf(byExternalIds)).toEqual([aliceExternal]);
      const othersOnly = await t.customer('GET', '/customer-source-records', { token: aliceDevice, query: { external_id: bobExternal } });
      expect(othersOnly.body.data).toEqual({ customer_source_records: [], total_items: 0 });
      const named = await t.customer('GET', '/customer-source-records', {
        token: aliceDevice,
        query: { customer_id: alice.customerId, customer_source_id: sourceId },
      });
      expect(externalIdsOf(named)).toEqual([aliceExternal]);
    });

    it('refuses a filter naming another customer', async () => {
      const response = await t.customer('GET', '/customer-source-records', { token: aliceDevice, query: { customer_id: bob.customerId } });
      expect(response.status).toBe(400);
      expect(param(response)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
    });

    it('still lists every customer on the Enterprise interface', async () => {
      const response = await t.enterprise('GET', '/customer-source-records', {
        token: enterprise,
        query: { 'external_ids[]': [aliceExternal, bobExternal] },
      });
      expect(externalIdsOf(response)).toEqual([aliceExternal, bobExternal]);
    });
  });

  describe('related customers', () => {
    let typeId: string;

    beforeAll(async () => {
      typeId = (await t.enterprise('GET', '/customer-relation-types', { token: enterprise })).body.data.customer_relation_types[0]
        .customer_relation_type_id;
    });

    const relate = (token: string, iface: 'customer' | 'enterprise', from: string, to: string, isLeading = false) =>
      t[iface]('POST', `/customers/${from}/related-customers`, {
        token,
        body: { related_customer: { related_customer_id: to, customer_relation_type_id: typeId, is_leading: isLeading } },
      });

    it('shows a relation made on the Customer interface by id only, to the customer who made it', async () => {
      const stranger = await t.createCustomer({ firstName: 'Stella', lastName: 'Stranger' });
      const created = await relate(aliceDevice, 'customer', alice.customerId, stranger.customerId);
      expect(created.status).toBe(201);
      const relationId = created.body.data.customer_relation_id;

      const list = await t.customer('GET', `/customers/${alice.customerId}/related-customers`, { token: aliceDevice });
      const listed = list.body.data.related_customers.find(
        (relation: { customer_relation_id: string }) => relation.customer_relation_id === relationId,
      );
      expect(listed).toEqual({
        customer_relation_id: relationId,
        related_customer_id: stranger.customerId,
        customer_relation_type_id: typeId,
        is_leading: false,
        valid_from: expect.any(String),
        last_change: expect.any(String),
        state: 1,
      });
      const one = await t.customer('GET', `/customers/${alice.customerId}/related-customers/${relationId}`, { token: aliceDevice });
      expect(one.status).toBe(200);
      expect(one.body.data).not.toHaveProperty('short_name');
      expect(one.text).not.toContain('Stella');
      expect(list.text).not.toContain('Stranger');

      // The other side, logged in, does not learn who related itself to it either, once it confirms the claim.
      const strangerDevice = await t.deviceToken(stranger);
      const confirmed = await relate(strangerDevice, 'customer', stranger.customerId, alice.customerId, true);
      expect(confirmed.body.data.customer_relation_id).toBe(relationId);
      const otherSide = await t.customer('GET', `/customers/${stranger.customerId}/related-customers/${relationId}`, {
        token: strangerDevice,
      });
      expect(otherSide.body.data).toMatchObject({ related_customer_id: alice.customerId, is_leading: true });
      expect(otherSide.body.data).not.toHaveProperty('short_name');

      // The operator sees the names.
      const operator = await t.enterprise('GET', `/customers/${alice.customerId}/related-customers/${relationId}`, { token: enterprise });
      expect(operator.body.data.short_name).toBe('Stella Stranger');
      const stored = await t.dataSource.query(`SELECT created_on_interface FROM customer_relations WHERE customer_relation_id = $1`, [
        relationId,
      ]);
      expect(stored).toEqual([{ created_on_interface: 'customer' }]);
    });

    it('shows the name of a relation the operator made on the Enterprise interface', async () => {
      const created = await relate(enterprise, 'enterprise', alice.customerId, bob.customerId);
      expect(created.status).toBe(201);
      const relationId = created.body.data.customer_relation_id;
      const aliceView = await t.customer('GET', `/customers/${alice.customerId}/related-customers/${relationId}`, { token: aliceDevice });
      expect(aliceView.body.data).toMatchObject({ related_customer_id: bob.customerId, short_name: 'Bob Brandt' });
      const bobView = await t.customer('GET', `/customers/${bob.customerId}/related-customers`, {
        token: bobDevice,
        query: { related_customer_id: alice.customerId },
      });
      expect(bobView.body.data.related_customers).toEqual([
        expect.objectContaining({ customer_relation_id: relationId, short_name: 'Alice Arnold' }),
      ]);
    });

    it('shows a customer brought in by a referral code on the Customer interface by id only', async () => {
      const referrals = await t.customer('GET', `/customers/${alice.customerId}/referrals`, { token: aliceDevice });
      const code = referrals.body.data.referrals[0].code;
      const sourceId = (await t.customer('GET', '/customer-sources', { token: anonymousDevice })).body.data.customer_sources[0]
        .customer_source_id;
      const registered = await t.customer('POST', '/customers', {
        token: anonymousDevice,
        body: {
          customer: {
            personal_information: {
              first_name: 'Rita',
              last_name: 'Referred',
              email: `rita-${randomBytes(4).toString('hex')}@example.test`,
              language_id: 'en',
            },
          },
          customer_source: { customer_source_id: sourceId },
          autologin: false,
          referral_code: code,
        },
      });
      expect(registered.status).toBe(201);
      const relations = await t.customer('GET', `/customers/${alice.customerId}/related-customers`, {
        token: aliceDevice,
        query: { related_customer_id: registered.body.data.customer_id },
      });
      expect(relations.body.data.total_items).toBe(1);
      expect(relations.body.data.related_customers[0]).not.toHaveProperty('short_name');
      expect(relations.text).not.toContain('Rita');
    });
  });
});
