import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** Reservable products, reservation prices, sources and external list types through the operator API, with their audit rows. */
describe('Operator API: product reservation definitions', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;
  let productId: string;
  let euroId: string;
  const store = { id: hex(), code: `res-${hex().slice(0, 6)}` };

  const contract = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token: enterprise });
  const trail = async (targetType: string, targetId: string) =>
    (
      await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })
    ).body.data.audit_events.map((event: any) => event.operation);

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, 'Picnic basket', 'BASKET')`, [productId]);
    [{ currency_id: euroId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) SELECT $1, $2, $2, partner_id, 'pos' FROM partners LIMIT 1`,
      [store.id, store.code],
    );
  });
  afterAll(() => t.close());

  it('makes a product reservable by its code, changes its stock, deactivates and activates it, auditing each write', async () => {
    const created = await t.operator('POST', '/reservable-products', { token, body: { product_id: 'BASKET', stock: 4 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ product_id: productId, code: 'BASKET', name: 'Picnic basket', stock: 4, state: 1 });
    expect((await contract(`/reservable-products/${productId}`)).body.data.name).toBe('Picnic basket');

    const changed = await t.operator('PUT', '/reservable-products/BASKET', { token, body: { product_id: productId, stock: null } });
    expect(changed.status).toBe(200);
    // No limit: null fields are left out of answers.
    expect(changed.body.data).not.toHaveProperty('stock');
    const listed = await t.operator('GET', '/reservable-products', { token, query: { q: 'picnic' } });
    expect(listed.body.data).toEqual({ reservable_products: [changed.body.data], total_items: 1 });

    const deactivated = await t.operator('POST', `/reservable-products/${productId}/actions/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.state).toBe(0);
    // The contract no longer offers it, and no price can be set for it.
    expect((await contract(`/reservable-products/${productId}`)).status).toBe(404);
    expect((await contract('/reservable-products')).body.data.total_items).toBe(0);
    const price = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: 'BASKET', currency_id: 'EUR', value: 3 },
    });
    expect(price.status).toBe(400);
    expect(price.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'product_id', reason: 'not_found' });

    const activated = await t.operator('POST', `/reservable-products/BASKET/actions/activate`, { token });
    expect(activated.status).toBe(200);
    expect((await contract(`/reservable-products/${productId}`)).status).toBe(200);
    expect(await trail('reservable_product', productId)).toEqual([
      'POST /reservable-products/{product_key}/actions/activate',
      'POST /reservable-products/{product_key}/actions/deactivate',
      'PUT /reservable-products/{product_key}',
      'POST /reservable-products',
    ]);
  });

  it('refuses a second definition of a reservable product or a move to another product, naming the field', async () => {
    const again = await t.operator('POST', '/reservable-products', { token, body: { product_id: productId, stock: 1 } });
    expect(again.status).toBe(400);
    expect(again.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'product_id', reason: 'already_exists' });
    const unknown = await t.operator('POST', '/reservable-products', { token, body: { product_id: 'NO-SUCH-CODE' } });
    expect(unknown.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'product_id', reason: 'not_found' });
    const negative = await t.operator('PUT', `/reservable-products/${productId}`, { token, body: { product_id: productId, stock: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body.error.error_data.invalid_params[0].name).toBe('stock');
    const count = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'reservable_product'`);
    expect(count[0].n).toBe(4);
  });

  it('defines a price by product code, store code and ISO code, keeps one active price per key, and the contract reads it', async () => {
    const created = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: 'BASKET', store_id: store.code, currency_id: 'EUR', value: 9.5 },
    });
    expect(created.status).toBe(201);
    const priceId = created.body.data.product_reservation_price_id as string;
    expect(created.body.data).toMatchObject({ product_id: productId, store_id: store.id, currency_id: euroId, value: 9.5, state: 1 });
    expect((await contract(`/product-reservation-prices/${priceId}`)).body.data).toMatchObject({
      reservable_product_id: productId,
      value: 9.5,
    });

    const clash = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: productId, store_id: store.id, currency_id: euroId, value: 1 },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'product_id', reason: 'already_exists' });
    const badStore = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: productId, store_id: 'nowhere', currency_id: 'EUR', value: 1 },
    });
    expect(badStore.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'store_id', reason: 'not_found' });
    const badCurrency = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: productId, currency_id: 'QQQ', value: 1 },
    });
    expect(badCurrency.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'currency_id', reason: 'not_found' });

    const changed = await t.operator('PUT', `/product-reservation-prices/${priceId}`, {
      token,
      body: { product_id: productId, store_id: null, currency_id: 'EUR', value: 11 },
    });
    expect(changed.body.data).toMatchObject({ value: 11 });
    expect(changed.body.data).not.toHaveProperty('store_id');
    expect((await contract(`/product-reservation-prices/${priceId}`)).body.data.store_id).toBeUndefined();

    expect((await t.operator('POST', `/product-reservation-prices/${priceId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await contract(`/product-reservation-prices/${priceId}`)).status).toBe(404);
    // With the old price deactivated, a new one may take its key; the old one cannot come back beside it.
    const replacement = await t.operator('POST', '/product-reservation-prices', {
      token,
      body: { product_id: productId, currency_id: 'EUR', value: 12 },
    });
    expect(replacement.status).toBe(201);
    const refused = await t.operator('POST', `/product-reservation-prices/${priceId}/actions/activate`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'state', reason: 'already_exists' });
    expect((await contract(`/product-reservation-prices/${priceId}`)).status).toBe(404);
    expect(await trail('reservation_price', priceId)).toEqual([
      'POST /product-reservation-prices/{product_reservation_price_id}/actions/deactivate',
      'PUT /product-reservation-prices/{product_reservation_price_id}',
      'POST /product-reservation-prices',
    ]);
  });

  it('creates, changes, deactivates and activates a reservation source; the contract leaves a deactivated one out', async () => {
    const created = await t.operator('POST', '/product-reservation-sources', {
      token,
      body: { text_id: 'mobile_app', names: { en: 'Mobile app', cs: 'Aplikace' } },
    });
    expect(created.status).toBe(201);
    const sourceId = created.body.data.product_reservation_source_id as string;
    const czech = await t.enterprise('GET', `/product-reservation-sources/${sourceId}`, {
      token: enterprise,
      headers: { 'accept-language': 'cs' },
    });
    expect(czech.body.data.name).toBe('Aplikace');
    const changed = await t.operator('PUT', '/product-reservation-sources/mobile_app', {
      token,
      body: { text_id: 'phone_app', names: { en: 'Phone app' } },
    });
    expect(changed.body.data).toMatchObject({ product_reservation_source_id: sourceId, text_id: 'phone_app' });
    expect((await contract(`/product-reservation-sources/${sourceId}`)).body.data.name).toBe('Phone app');
    expect((await contract('/product-reservation-sources')).body.data.total_items).toBe(3);

    expect((await t.operator('POST', '/product-reservation-sources/phone_app/actions/deactivate', { token })).status).toBe(200);
    expect((await contract(`/product-reservation-sources/${sourceId}`)).status).toBe(404);
    expect((await contract('/product-reservation-sources')).body.data.total_items).toBe(2);
    expect(
      (await t.operator('GET', '/product-reservation-sources', { token, query: { state: '0' } })).body.data.product_reservation_sources,
    ).toEqual([expect.objectContaining({ product_reservation_source_id: sourceId, state: 0 })]);
    expect((await t.operator('POST', `/product-reservation-sources/${sourceId}/actions/activate`, { token })).body.data.state).toBe(1);
    expect(await trail('reservation_source', sourceId)).toEqual([
      'POST /product-reservation-sources/{source_key}/actions/activate',
      'POST /product-reservation-sources/{source_key}/actions/deactivate',
      'PUT /product-reservation-sources/{source_key}',
      'POST /product-reservation-sources',
    ]);

    const clash = await t.operator('POST', '/product-reservation-sources', { token, body: { text_id: 'e_shop', names: { en: 'Again' } } });
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const noNames = await t.operator('POST', '/product-reservation-sources', { token, body: { text_id: 'kiosk', names: {} } });
    expect(noNames.body.error.error_data.invalid_params[0].name).toBe('names');
    expect((await t.operator('GET', '/product-reservation-sources/kiosk', { token })).status).toBe(404);
  });

  it('creates, changes, deactivates and activates an external list type; the contract leaves a deactivated one out', async () => {
    const created = await t.operator('POST', '/product-reservation-external-list-types', { token, body: { text_id: 'erp', name: 'ERP' } });
    expect(created.status).toBe(201);
    const listTypeId = created.body.data.product_reservation_external_list_type_id as string;
    expect(
      (await t.operator('PUT', '/product-reservation-external-list-types/erp', { token, body: { text_id: 'erp', name: 'ERP code' } }))
        .status,
    ).toBe(200);
    expect((await contract(`/product-reservation-external-list-types/${listTypeId}`)).body.data).toEqual({
      product_reservation_external_list_type_id: listTypeId,
      name: 'ERP code',
    });
    expect((await t.operator('POST', '/product-reservation-external-list-types/erp/actions/deactivate', { token })).status).toBe(200);
    expect((await contract(`/product-reservation-external-list-types/${listTypeId}`)).status).toBe(404);
    expect((await t.operator('POST', '/product-reservation-external-list-types/erp/actions/activate', { token })).status).toBe(200);
    expect((await contract(`/product-reservation-external-list-types/${listTypeId}`)).status).toBe(200);
    const badKey = await t.operator('POST', '/product-reservation-external-list-types', {
      token,
      body: { text_id: 'Not A Key', name: 'x' },
    });
    expect(badKey.body.error.error_data.invalid_params[0].name).toBe('text_id');
    expect(await trail('reservation_list_type', listTypeId)).toHaveLength(4);
  });

  it('lets an analyst read but not write', async () => {
    const analyst = (await t.operatorToken(['analyst'])).token;
    expect((await t.operator('GET', '/product-reservation-sources', { token: analyst })).status).toBe(200);
    expect((await t.operator('POST', '/product-reservation-sources/e_shop/actions/deactivate', { token: analyst })).status).toBe(403);
  });
});
