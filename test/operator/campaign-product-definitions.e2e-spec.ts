import { randomBytes } from 'node:crypto';
import { TestApp } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** A campaign product's whole lifecycle through the operator API, with its stores and audit rows. */
describe('Operator API: campaign products', () => {
  let t: TestApp;
  let token: string;
  let campaignId: string;
  let productId: string;
  let currency: { currency_id: string; code: string };
  let privateType: string;
  const stores: { id: string; code: string }[] = [];
  const one = async (sql: string, params: unknown[] = []) => (await t.dataSource.query(sql, params))[0];
  const offer = (changes: Record<string, unknown> = {}) => ({
    campaign_id: campaignId,
    product_id: productId,
    currency_id: currency.code,
    type_id: 'private',
    value: 20,
    value_type_id: 1,
    valid_from: '2025-04-01 00:00:00',
    valid_to: '2099-04-30 23:59:59',
    presentation_data: { name: 'Operator coffee 20% off' },
    store_ids: [stores[0].code],
    ...changes,
  });

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    campaignId = (await t.operator('POST', '/campaigns', { token, body: { name: 'Coffee weeks' } })).body.data.campaign_id;
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, 'Coffee', $2)`, [
      productId,
      `C-${productId.slice(0, 6)}`,
    ]);
    currency = await one(`SELECT currency_id, code FROM currencies ORDER BY code LIMIT 1`);
    privateType = (await one(`SELECT type_id FROM customer_types WHERE text_id = 'private'`)).type_id;
    for (const name of ['west', 'harbour']) {
      const id = hex();
      const code = `${name}-${id.slice(0, 6)}`;
      await t.dataSource.query(
        `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) SELECT $1, $2, $2, partner_id, 'pos' FROM partners LIMIT 1`,
        [id, code],
      );
      stores.push({ id, code });
    }
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, blocks and activates a campaign product, auditing each write', async () => {
    const created = await t.operator('POST', '/campaign-products', { token, body: offer() });
    expect(created.status).toBe(201);
    const id = created.body.data.campaign_product_id as string;
    expect(created.body.data).toMatchObject({
      currency_id: currency.currency_id,
      type_id: privateType,
      store_ids: [stores[0].id],
      value: 20,
      state: 1,
    });

    expect((await t.operator('GET', `/campaign-products/${id}`, { token })).body.data.presentation_data.name).toBe(
      'Operator coffee 20% off',
    );
    const listed = await t.operator('GET', '/campaign-products', { token, query: { q: 'operator coffee' } });
    expect(listed.body.data.campaign_products.map((product: any) => product.campaign_product_id)).toEqual([id]);

    const changed = await t.operator('PUT', `/campaign-products/${id}`, {
      token,
      body: offer({ value: 2.5, value_type_id: 2, currency_id: currency.currency_id, store_ids: [stores[1].id, stores[0].code] }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.store_ids).toEqual([stores[0].id, stores[1].id].sort());
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', `/campaign-products/${id}`, { token: enterprise })).body.data).toMatchObject({
      value: 2.5,
      value_type_id: 2,
    });

    expect((await t.operator('POST', `/campaign-products/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', `/campaign-products/${id}`, { token: enterprise })).body.data.state).toBe(0);
    expect(
      (await t.operator('GET', '/campaign-products', { token, query: { state: '1', q: 'operator coffee' } })).body.data.total_items,
    ).toBe(0);
    expect(
      (await t.operator('GET', '/campaign-products', { token, query: { state: '0', q: 'operator coffee' } })).body.data.total_items,
    ).toBe(1);
    expect((await t.operator('POST', `/campaign-products/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'campaign_product', target_id: id } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /campaign-products/{campaign_product_id}/actions/activate',
      'POST /campaign-products/{campaign_product_id}/actions/deactivate',
      'PUT /campaign-products/{campaign_product_id}',
      'POST /campaign-products',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ value: 20, store_ids: [stores[0].id] });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ value: 2.5, value_type_id: 2 });
  });

  it('names the field in a refusal and changes nothing: an unknown store, a deactivated campaign', async () => {
    const id = (await t.operator('POST', '/campaign-products', { token, body: offer() })).body.data.campaign_product_id as string;
    const before = await t.operator('GET', `/campaign-products/${id}`, { token });
    const unknownStore = await t.operator('PUT', `/campaign-products/${id}`, { token, body: offer({ store_ids: ['nowhere'], value: 5 }) });
    expect(unknownStore.status).toBe(400);
    expect(unknownStore.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'store_ids', reason: 'not_found' });
    expect((await t.operator('GET', `/campaign-products/${id}`, { token })).body.data).toEqual(before.body.data);

    const closedId = (await t.operator('POST', '/campaigns', { token, body: { name: 'Closed' } })).body.data.campaign_id as string;
    await t.operator('POST', `/campaigns/${closedId}/actions/deactivate`, { token });
    const refused = await t.operator('POST', '/campaign-products', { token, body: offer({ campaign_id: closedId }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'campaign_id', reason: 'deleted' });
    const rows = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_type = 'campaign_product' AND target_id = $1`, [
      id,
    ]);
    expect(rows.map((row: { operation: string }) => row.operation)).toEqual(['POST /campaign-products']);
  });
});
