import { TestApp, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';
type Body = Record<string, unknown>;

describe('Catalogue (HTTP)', () => {
  let t: TestApp;
  let tokens: Record<Iface, string>;
  let partnerId: string;
  let storeId: string;
  let eur: string;
  let czk: string;
  const tagIds = { sale: 'a1000000000000000000000000000001', eco: 'a1000000000000000000000000000002' };

  const call = (
    iface: Iface,
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> => t[iface](method, path, { token: tokens[iface], ...options });
  const batch = (path: string, body: Body) => call('enterprise', 'POST', path, { body });
  const params = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
  const plu = (code: string, listCode = 'GLOBAL') => ({ list_code: listCode, code });

  beforeAll(async () => {
    t = await TestApp.create();
    tokens = { enterprise: await t.enterpriseToken(), customer: await t.deviceToken() };
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at LIMIT 1`))[0].store_id;
    const currencies: { code: string; currency_id: string }[] = await t.dataSource.query(
      `SELECT code, currency_id FROM currencies WHERE code IN ('EUR', 'CZK')`,
    );
    eur = currencies.find((c) => c.code === 'EUR')!.currency_id;
    czk = currencies.find((c) => c.code === 'CZK')!.currency_id;
    await t.dataSource.query(
      `INSERT INTO tags (tag_id, text_id, names) VALUES ($1, 'sale', '{"en": "On sale", "cs": "Ve slevě"}'), ($2, 'eco', '{"en": "Eco"}')`,
      [tagIds.sale, tagIds.eco],
    );
    // Product property values must name properties the catalogue defines.
    await t.dataSource.query(
      `INSERT INTO product_properties (property_id, name, data_type) VALUES ('origin', 'Origin', 'string'), ('grade', 'Grade', 'integer')`,
    );
  });

  afterAll(() => t.close());

  describe('product brands', () => {
    it('creates brands in a batch and updates them by external_id', async () => {
      const created = await batch('/product-brands/batch', {
        product_brands: [
          { name: 'Acme', external_id: 'b-acme' },
          { name: 'Globex', external_id: 'b-globex' },
        ],
      });
      expect(created.status).toBe(204);
      const list = await call('enterprise', 'GET', '/product-brands', { query: { name: 'cm' } });
      expect(list.body.data).toEqual({
        product_brands: [{ product_brand_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Acme', external_id: 'b-acme' }],
        total_items: 1,
      });
      const acmeId = list.body.data.product_brands[0].product_brand_id;

      const renamed = await batch('/product-brands/batch', {
        product_brands: [{ name: 'Acme Corp', external_id: 'b-acme', product_brand_id: 'ignored' }],
      });
      expect(renamed.status).toBe(204);
      const one = await call('customer', 'GET', `/product-brands/${acmeId}`);
      expect(one.body.data).toEqual({ product_brand_id: acmeId, name: 'Acme Corp', external_id: 'b-acme' });
      expect(await count('product_brands')).toBe(2);
      expect((await call('customer', 'GET', '/product-brands/0000')).status).toBe(404);
    });

    it('rolls the whole batch back on a bad record in mode 1', async () => {
      const before = await count('product_brands');
      const response = await batch('/product-brands/batch', {
        product_brands: [{ name: 'Fine', external_id: 'b-fine' }, { external_id: 'b-no-name' }],
      });
      expect(response.status).toBe(400);
      expect(params(response)).toEqual([expect.objectContaining({ name: 'product_brands.1.name', reason: 'required' })]);
      expect(await count('product_brands')).toBe(before);
    });

    it('keeps the valid records and reports the others in mode 2', async () => {
      const response = await batch('/product-brands/batch', {
        error_processing: 2,
        product_brands: [
          { name: 'Initech', external_id: 'b-initech' },
          { name: 'Dup', external_id: 'b-initech' },
          { name: 'X', external_id: 'b-x', colour: 'red' },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.errors).toEqual([
        { index: 1, invalid_params: [expect.objectContaining({ name: 'product_brands.1.external_id', reason: 'not_allowed_value' })] },
        { index: 2, invalid_params: [expect.objectContaining({ name: 'product_brands.2.colour', reason: 'not_allowed_value' })] },
      ]);
      const initech = await call('enterprise', 'GET', '/product-brands', { query: { name: 'Initech' } });
      expect(initech.body.data.total_items).toBe(1);
      expect((await call('enterprise', 'GET', '/product-brands', { query: { name: 'Dup' } })).body.data.total_items).toBe(0);
    });

    it('refuses batches on the Customer interface, bad modes and more than 1,000 records', async () => {
      expect((await call('customer', 'POST', '/product-brands/batch', { body: { product_brands: [] } })).body.error.type).toBe(
        'interface_not_allowed_exception',
      );
      expect(params(await batch('/product-brands/batch', { product_brands: [], error_processing: 3 }))[0]).toMatchObject({
        name: 'error_processing',
        reason: 'not_allowed_value',
      });
      const tooMany = Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}`, external_id: `many-${i}` }));
      expect(params(await batch('/product-brands/batch', { product_brands: tooMany }))[0]).toMatchObject({ name: 'product_brands' });
      expect(params(await batch('/product-brands/batch', {}))[0]).toMatchObject({ name: 'product_brands', reason: 'required' });
      expect((await batch('/product-brands/batch', { product_brands: [] })).status).toBe(204);
    });
  });

  describe('product groups', () => {
    const groupByExternalId = async (externalId: string) =>
      (await call('enterprise', 'GET', '/product-groups', { query: { external_id: externalId } })).body.data.product_groups[0];

    it('builds a tree in one batch, children before parents, global or store-bound', async () => {
      const response = await batch('/product-groups/batch', {
        product_groups: [
          { name: 'Phones', external_id: 'g-phones', parent_external_id: 'g-electronics', code: 'PH', store_id: storeId },
          { name: 'Electronics', external_id: 'g-electronics', partner_id: partnerId },
        ],
      });
      expect(response.status).toBe(204);
      const electronics = await groupByExternalId('g-electronics');
      const phones = await groupByExternalId('g-phones');
      expect(electronics).toEqual({
        product_group_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: 'Electronics',
        external_id: 'g-electronics',
        partner_id: partnerId,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
      expect(phones).toMatchObject({
        parent_product_group_id: electronics.product_group_id,
        parent_external_id: 'g-electronics',
        code: 'PH',
        store_id: storeId,
      });

      const byStore = await call('customer', 'GET', '/product-groups', { query: { store_id: storeId } });
      expect(byStore.body.data.product_groups.map((g: Body) => g.external_id)).toEqual(['g-phones']);
      const byName = await call('customer', 'GET', '/product-groups', { query: { name: 'lectro', partner_id: partnerId } });
      expect(byName.body.data.total_items).toBe(1);
      expect((await call('customer', 'GET', '/product-groups', { query: { code: 'PH' } })).body.data.total_items).toBe(1);
      const one = await call('customer', 'GET', `/product-groups/${phones.product_group_id}`);
      expect(one.body.data).toEqual(phones);
      expect((await call('enterprise', 'GET', '/product-groups/unknown')).status).toBe(404);
    });

    it('updates an existing group by external_id and keeps fields left out', async () => {
      const before = await groupByExternalId('g-phones');
      const response = await batch('/product-groups/batch', { product_groups: [{ name: 'Mobile phones', external_id: 'g-phones' }] });
      expect(response.status).toBe(204);
      const after = await groupByExternalId('g-phones');
      expect(after).toMatchObject({
        product_group_id: before.product_group_id,
        name: 'Mobile phones',
        code: 'PH',
        store_id: storeId,
        parent_external_id: 'g-electronics',
      });
    });

    it('refuses a group that would become its own ancestor', async () => {
      await batch('/product-groups/batch', { product_groups: [{ name: 'Smart', external_id: 'g-smart', parent_external_id: 'g-phones' }] });
      const electronics = await groupByExternalId('g-electronics');
      const cycle = await batch('/product-groups/batch', {
        product_groups: [{ name: 'Electronics', external_id: 'g-electronics', parent_external_id: 'g-smart' }],
      });
      expect(cycle.status).toBe(400);
      expect(params(cycle)).toEqual([
        expect.objectContaining({ name: 'product_groups.0.parent_external_id', reason: 'not_allowed_value', value: 'g-smart' }),
      ]);
      const self = await batch('/product-groups/batch', {
        product_groups: [{ name: 'Electronics', external_id: 'g-electronics', parent_product_group_id: electronics.product_group_id }],
      });
      expect(params(self)[0]).toMatchObject({ name: 'product_groups.0.parent_product_group_id', reason: 'not_allowed_value' });
      expect((await groupByExternalId('g-electronics')).parent_product_group_id).toBeUndefined();
    });

    it('refuses a parent given by id and external id that disagree, and unknown parents', async () => {
      const phones = await groupByExternalId('g-phones');
      const disagree = await batch('/product-groups/batch', {
        product_groups: [
          { name: 'X', external_id: 'g-x', parent_product_group_id: phones.product_group_id, parent_external_id: 'g-electronics' },
        ],
      });
      expect(params(disagree)[0]).toMatchObject({ name: 'product_groups.0.parent_product_group_id', reason: 'not_allowed_value' });
      const unknown = await batch('/product-groups/batch', {
        product_groups: [{ name: 'X', external_id: 'g-x', parent_external_id: 'nope' }],
      });
      expect(params(unknown)[0]).toMatchObject({ name: 'product_groups.0.parent_external_id', reason: 'not_found' });
      expect(await groupByExternalId('g-x')).toBeUndefined();
    });

    it('reports unknown stores and partners per record in mode 2, and fails the batch in mode 1', async () => {
      const mode1 = await batch('/product-groups/batch', {
        product_groups: [
          { name: 'Fine', external_id: 'g-fine' },
          { name: 'Bad', external_id: 'g-bad', store_id: 'missing-store' },
        ],
      });
      expect(mode1.status).toBe(400);
      expect(params(mode1)).toEqual([
        expect.objectContaining({ name: 'product_groups.1.store_id', reason: 'not_found', value: 'missing-store' }),
      ]);
      expect(await groupByExternalId('g-fine')).toBeUndefined();

      const mode2 = await batch('/product-groups/batch', {
        error_processing: 2,
        product_groups: [
          { name: 'Fine', external_id: 'g-fine' },
          { name: 'Bad partner', external_id: 'g-bad', partner_id: 'missing-partner' },
          { name: 'Child of bad', external_id: 'g-bad-child', parent_external_id: 'g-bad' },
          { name: 'Bad store', external_id: 'g-bad-store', store_id: 'missing-store' },
        ],
      });
      expect(mode2.status).toBe(200);
      expect(
        mode2.body.data.errors.map((e: { index: number; invalid_params: Body[] }) => [
          e.index,
          e.invalid_params[0].name,
          e.invalid_params[0].reason,
        ]),
      ).toEqual([
        [1, 'product_groups.1.partner_id', 'not_found'],
        [2, 'product_groups.2.parent_external_id', 'not_found'],
        [3, 'product_groups.3.store_id', 'not_found'],
      ]);
      expect(await groupByExternalId('g-fine')).toBeDefined();
      expect(await groupByExternalId('g-bad-child')).toBeUndefined();
    });
  });

  describe('products', () => {
    let brandId: string;

    beforeAll(async () => {
      await batch('/product-brands/batch', { product_brands: [{ name: 'Fruitco', external_id: 'b-fruit' }] });
      brandId = (await call('enterprise', 'GET', '/product-brands', { query: { name: 'Fruitco' } })).body.data.product_brands[0]
        .product_brand_id;
      await batch('/product-groups/batch', { product_groups: [{ name: 'Fruit', external_id: 'g-fruit' }] });
    });

    const productByPlu = async (code: string, listCode?: string) =>
      (
        await call('enterprise', 'GET', '/products', {
          query: { external_id: code, ...(listCode ? { external_type_code: listCode } : {}) },
        })
      ).body.data.products;

    it('creates products with PLU ids, prices, group, brand, tags and properties', async () => {
      const response = await batch('/products/batch', {
        products: [
          {
            name: 'Green apple',
            code: 'APL-1',
            plu_ids: [plu('100001'), plu('SKU-APPLE', 'SKU')],
            product_group_external_id: 'g-fruit',
            product_brand_id: brandId,
            partner_id: partnerId,
            prices: [
              { currency_id: eur, value: 19.99 },
              { currency_id: czk, value: 499 },
            ],
            tags: [{ tag_id: tagIds.sale, name: 'read-only, ignored' }],
            property_records: [{ property_id: 'origin', property_value: 'Tyrol' }],
          },
          { name: 'Pear', plu_ids: [plu('100002')], tags: [{ tag_id: tagIds.eco }] },
        ],
      });
      expect(response.status).toBe(204);
      const [apple] = await productByPlu('SKU-APPLE', 'SKU');
      const groupId = (await call('enterprise', 'GET', '/product-groups', { query: { external_id: 'g-fruit' } })).body.data
        .product_groups[0].product_group_id;
      expect(apple).toEqual({
        product_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: 'Green apple',
        code: 'APL-1',
        external_id: 'SKU-APPLE',
        plu_ids: [plu('100001'), plu('SKU-APPLE', 'SKU')],
        product_group_id: groupId,
        product_brand_id: brandId,
        partner_id: partnerId,
        prices: expect.arrayContaining([
          { currency_id: eur, value: 19.99 },
          { currency_id: czk, value: 499 },
        ]),
        additional_properties: [{ property_id: 'origin', property_value: 'Tyrol' }],
        image_urls: [],
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
        tags: [{ tag_id: tagIds.sale, name: 'On sale', text_id: 'sale', state: 1, last_change: expect.any(String) }],
      });
      const stored = await t.dataSource.query(
        `SELECT value::text AS value FROM product_prices WHERE product_id = $1 AND currency_id = $2`,
        [apple.product_id, eur],
      );
      expect(stored[0].value).toBe('19.9900');

      const czech = await call('customer', 'GET', `/products/${apple.product_id}`, { headers: { 'accept-language': 'cs' } });
      expect(czech.body.data.tags[0].name).toBe('Ve slevě');
      expect(czech.body.data.external_id).toBe('100001');
      expect((await call('customer', 'GET', '/products/unknown')).status).toBe(404);
    });

    it('filters by name, code, PLU code (in one list or any), tags and partner', async () => {
      const names = async (query: Record<string, string | string[]>, iface: Iface = 'enterprise') =>
        (await call(iface, 'GET', '/products', { query })).body.data.products.map((p: Body) => p.name);
      expect(await names({ name: 'apple' })).toEqual(['Green apple']);
      expect(await names({ code: 'APL-1' }, 'customer')).toEqual(['Green apple']);
      expect(await names({ external_id: '100002' })).toEqual(['Pear']);
      expect(await names({ external_id: '100002', external_type_code: 'SKU' })).toEqual([]);
      expect(await names({ 'tag_ids[]': [tagIds.eco, tagIds.sale], sort_field: 'name' })).toEqual(['Green apple', 'Pear']);
      expect(await names({ 'tag_ids[]': tagIds.eco })).toEqual(['Pear']);
      expect(await names({ partner_id: partnerId })).toEqual(['Green apple']);
      const page = await call('enterprise', 'GET', '/products', { query: { count: '1', sort_field: 'name', sort_direction: 'DESC' } });
      expect(page.body.data).toMatchObject({ total_items: 2, products: [{ name: 'Pear' }] });
      expect((await call('enterprise', 'GET', '/products', { query: { sort_field: 'plu_ids' } })).status).toBe(400);
    });

    it('updates the product that owns a PLU id, adding what is sent and keeping what is not', async () => {
      const [before] = await productByPlu('100001');
      const response = await batch('/products/batch', {
        products: [
          {
            name: 'Green apple, organic',
            plu_ids: [plu('SKU-APPLE', 'SKU'), plu('EAN-1', 'EAN')],
            prices: [{ currency_id: eur, value: 21.5 }],
            tags: [{ tag_id: tagIds.eco }],
            property_records: [{ property_id: 'grade', property_value: 1 }],
          },
        ],
      });
      expect(response.status).toBe(204);
      const after = (await call('enterprise', 'GET', `/products/${before.product_id}`)).body.data;
      expect(after).toMatchObject({
        name: 'Green apple, organic',
        code: 'APL-1',
        product_brand_id: brandId,
        plu_ids: [plu('EAN-1', 'EAN'), plu('100001'), plu('SKU-APPLE', 'SKU')],
        additional_properties: [
          { property_id: 'origin', property_value: 'Tyrol' },
          { property_id: 'grade', property_value: 1 },
        ],
      });
      expect(after.prices).toEqual(
        expect.arrayContaining([
          { currency_id: eur, value: 21.5 },
          { currency_id: czk, value: 499 },
        ]),
      );
      expect(after.tags.map((tag: Body) => tag.text_id).sort()).toEqual(['eco', 'sale']);
      expect(await count('products')).toBe(2);
    });

    it('leaves a product whose re-sent record changes nothing untouched', async () => {
      const [apple] = await productByPlu('100001');
      await t.dataSource.query(`UPDATE products SET last_change = '2020-01-01T00:00:00Z' WHERE product_id = $1`, [apple.product_id]);
      const lastChange = async () => (await call('enterprise', 'GET', `/products/${apple.product_id}`)).body.data.last_change;
      const same = {
        name: 'Green apple, organic',
        plu_ids: [plu('100001')],
        prices: [{ currency_id: eur, value: 21.5 }],
        tags: [{ tag_id: tagIds.eco }],
      };
      expect((await batch('/products/batch', { products: [same] })).status).toBe(204);
      expect(await lastChange()).toBe('2020-01-01 00:00:00');
      expect((await batch('/products/batch', { products: [{ ...same, prices: [{ currency_id: eur, value: 22 }] }] })).status).toBe(204);
      expect(await lastChange()).not.toBe('2020-01-01 00:00:00');
    });

    it('refuses a record whose PLU ids belong to two products, or repeat an earlier record', async () => {
      const several = await batch('/products/batch', { products: [{ name: 'Fruit salad', plu_ids: [plu('100001'), plu('100002')] }] });
      expect(params(several)).toEqual([expect.objectContaining({ name: 'products.0.plu_ids', reason: 'relation_already_exists' })]);
      const repeated = await batch('/products/batch', {
        products: [
          { name: 'Kiwi', plu_ids: [plu('K1')] },
          { name: 'Kiwi again', plu_ids: [plu('K1')] },
        ],
      });
      expect(params(repeated)[0]).toMatchObject({ name: 'products.1.plu_ids.0', reason: 'not_allowed_value' });
      expect(await productByPlu('K1')).toEqual([]);
    });

    it('rolls back everything on an unknown reference in mode 1', async () => {
      const before = await count('products');
      const cases: [Body, string][] = [
        [{ name: 'Plum', plu_ids: [plu('P-1')], prices: [{ currency_id: 'nope', value: 1 }] }, 'products.1.prices.0.currency_id'],
        [{ name: 'Plum', plu_ids: [plu('P-1')], partner_id: 'nope' }, 'products.1.partner_id'],
        [{ name: 'Plum', plu_ids: [plu('P-1')], store_id: 'nope' }, 'products.1.store_id'],
        [{ name: 'Plum', plu_ids: [plu('P-1')], tags: [{ tag_id: 'nope' }] }, 'products.1.tags.0.tag_id'],
        [{ name: 'Plum', plu_ids: [plu('P-1')], product_group_external_id: 'nope' }, 'products.1.product_group_external_id'],
        [{ name: 'Plum', plu_ids: [plu('P-1')], product_brand_id: 'nope' }, 'products.1.product_brand_id'],
      ];
      for (const [bad, name] of cases) {
        const response = await batch('/products/batch', { products: [{ name: 'Cherry', plu_ids: [plu('C-1')] }, bad] });
        expect(response.status).toBe(400);
        expect(params(response)).toEqual([expect.objectContaining({ name, reason: 'not_found', value: 'nope' })]);
      }
      expect(await count('products')).toBe(before);
      expect(await productByPlu('C-1')).toEqual([]);
    });

    it('refuses a group named by id and external id that disagree, and structural mistakes', async () => {
      const other = (await call('enterprise', 'GET', '/product-groups', { query: { external_id: 'g-electronics' } })).body.data
        .product_groups[0].product_group_id;
      const disagree = await batch('/products/batch', {
        products: [{ name: 'Fig', plu_ids: [plu('F-1')], product_group_id: other, product_group_external_id: 'g-fruit' }],
      });
      expect(params(disagree)[0]).toMatchObject({ name: 'products.0.product_group_id', reason: 'not_allowed_value' });
      const structural = await batch('/products/batch', {
        products: [{ name: 'Fig', plu_ids: [], state: 5, prices: [{ currency_id: eur, value: 'ten' }] }],
      });
      expect(
        params(structural)
          .map((p: Body) => [p.name, p.reason])
          .sort(),
      ).toEqual([
        ['products.0.plu_ids', 'empty'],
        ['products.0.prices.0.value', 'invalid_value_format'],
        ['products.0.state', 'not_allowed_value'],
      ]);
    });

    it('writes the valid records and reports the failed ones in mode 2', async () => {
      const response = await batch('/products/batch', {
        error_processing: 2,
        products: [
          { name: 'Lemon', plu_ids: [plu('L-1')], prices: [{ currency_id: eur, value: 0.35 }] },
          { name: 'Lime', plu_ids: [plu('L-2')], prices: [{ currency_id: 'nope', value: 1 }] },
          { name: 'Orange', plu_ids: [plu('O-1')], partner_id: 'nope' },
          { plu_ids: [plu('X-1')] },
          { name: 'Mango', plu_ids: [plu('M-1')], state: 0 },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.errors.map((e: { index: number; invalid_params: Body[] }) => [e.index, e.invalid_params[0].name])).toEqual([
        [1, 'products.1.prices.0.currency_id'],
        [2, 'products.2.partner_id'],
        [3, 'products.3.name'],
      ]);
      expect((await productByPlu('L-1'))[0]).toMatchObject({ name: 'Lemon', prices: [{ currency_id: eur, value: 0.35 }] });
      expect((await productByPlu('M-1'))[0]).toMatchObject({ name: 'Mango', state: 0 });
      expect(await productByPlu('L-2')).toEqual([]);
      expect(await productByPlu('O-1')).toEqual([]);
    });

    it('lists tags in the caller language and offers the batch on the Enterprise interface only', async () => {
      const tags = await call('customer', 'GET', '/products/tags', { query: { name: 'slev' }, headers: { 'accept-language': 'cs-CZ' } });
      expect(tags.body.data).toEqual({
        tags: [{ tag_id: tagIds.sale, name: 'Ve slevě', text_id: 'sale', state: 1, last_change: expect.any(String) }],
        total_items: 1,
      });
      expect((await call('enterprise', 'GET', '/products/tags', { query: { text_id: 'eco' } })).body.data.tags[0].name).toBe('Eco');
      const forbidden = await call('customer', 'POST', '/products/batch', { body: { products: [] } });
      expect(forbidden.status).toBe(403);
    });

    it('upserts a batch of 1,000 products in one request', async () => {
      const products = Array.from({ length: 1000 }, (_, i) => ({
        name: `Bulk ${i}`,
        plu_ids: [plu(`BULK-${i}`)],
        prices: [{ currency_id: eur, value: i / 100 }],
      }));
      expect((await batch('/products/batch', { products })).status).toBe(204);
      expect((await batch('/products/batch', { products: products.map((p) => ({ ...p, name: `${p.name} v2` })) })).status).toBe(204);
      const rows = await t.dataSource.query(
        `SELECT count(*) AS n, count(*) FILTER (WHERE name LIKE '% v2') AS renamed FROM products WHERE name LIKE 'Bulk %'`,
      );
      expect(rows[0]).toEqual({ n: '1000', renamed: '1000' });
    });
  });
});
