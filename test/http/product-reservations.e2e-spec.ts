import crypto, { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(13).toString('hex');
/** The progress codes of the API's enum, and the open ones (every code but cancelled and delivered). */
const CODES = [0, 1, 2, 4, 5, 6, 7, 8];
const OPEN = [1, 2, 5, 6, 7, 8];

describe('Product reservations (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let maxDevice: string;
  let anonymousDevice: string;
  let storeId: string;
  let otherStoreId: string;
  let currencyId: string;
  let sourceId: string;
  let webShop: string;
  let cashDesk: string;
  let tagId: string;
  const product = { mug: '', tea: '', chair: '', plain: '' };

  const ent = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, query?: Record<string, string | string[]>) =>
    t.enterprise(method, path, { token, body, query });
  const cus = (device: string, method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string | string[]>) =>
    t.customer(method, path, { token: device, body, query });
  const params = (response: TestResponse) =>
    (response.body.error.error_data.invalid_params as { name: string; reason: string }[]).map(({ name, reason }) => ({ name, reason }));
  const stockOf = async (productId: string): Promise<string | null> =>
    (await t.dataSource.query(`SELECT stock::text AS stock FROM reservable_products WHERE product_id = $1`, [productId]))[0].stock;
  const reservationBody = (overrides: Record<string, unknown> = {}) => ({
    product_reservation: {
      customer_id: jane.customerId,
      store_id: storeId,
      product_reservation_source_id: sourceId,
      product_reservation_items: [{ reservable_product_id: product.mug, amount: 1 }],
      ...overrides,
    },
  });
  const reserve = async (overrides: Record<string, unknown> = {}): Promise<string> => {
    const created = await ent('POST', '/product-reservations', reservationBody(overrides));
    expect({ status: created.status, body: created.body }).toEqual({
      status: 201,
      body: { data: { product_reservation_id: expect.any(String) } },
    });
    return created.body.data.product_reservation_id;
  };
  const progressOf = async (reservationId: string): Promise<number> =>
    (await t.dataSource.query(`SELECT actual_state FROM product_reservations WHERE product_reservation_id = $1`, [reservationId]))[0]
      .actual_state;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    // Staff moves reservations; a customer application may do so only when the operator grants it.
    const staffApp = await t.createApplication(ApiInterface.Customer);
    await t.grantOperations(staffApp, [
      'POST /product-reservations/actions/change-reservation-state',
      'POST /product-reservations/actions/set-product-reservation-external-codes',
    ]);
    maxDevice = await t.deviceToken(max, staffApp);
    anonymousDevice = await t.deviceToken();
    [{ store_id: storeId }, { store_id: otherStoreId }] = await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id)
       SELECT md5(random()::text || n), 'R' || n, 'Reservation store ' || n, s.partner_id, s.system_id
         FROM (SELECT * FROM stores ORDER BY store_id LIMIT 1) s, generate_series(1, 2) n
       RETURNING store_id`,
    );
    [{ currency_id: currencyId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    [{ product_reservation_source_id: sourceId }] = await t.dataSource.query(
      `SELECT product_reservation_source_id FROM product_reservation_sources WHERE text_id = 'e_shop'`,
    );
    const listTypes: { id: string; text_id: string }[] = await t.dataSource.query(
      `SELECT product_reservation_external_list_type_id AS id, text_id FROM product_reservation_external_list_types`,
    );
    webShop = listTypes.find((row) => row.text_id === 'web_shop')!.id;
    cashDesk = listTypes.find((row) => row.text_id === 'cash_desk')!.id;
    tagId = hex();
    await t.dataSource.query(`INSERT INTO tags (tag_id, text_id, names) VALUES ($1, 'summer', '{"en": "Summer", "cs": "Léto"}')`, [tagId]);
    for (const [key, name, code] of [
      ['mug', 'Coffee mug', 'MUG-1'],
      ['tea', 'Green tea', 'TEA-1'],
      ['chair', 'Garden chair', 'CHAIR-1'],
      ['plain', 'Coffee beans', 'BEANS-1'],
    ] as const) {
      product[key] = hex();
      await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, $2, $3)`, [product[key], name, code]);
      await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ('EAN', $1, $2)`, [
        `ean-${code}`,
        product[key],
      ]);
    }
    await t.dataSource.query(`INSERT INTO product_tag_records (product_id, tag_id) VALUES ($1, $2)`, [product.chair, tagId]);
    for (const [productId, stock] of [
      [product.mug, 1000],
      [product.tea, 3],
      [product.chair, null],
    ]) {
      await t.dataSource.query(`INSERT INTO reservable_products (product_id, stock) VALUES ($1, $2)`, [productId, stock]);
    }
  });

  afterAll(() => t.close());

  describe('sources and external list types', () => {
    it('lists the seeded sources on both interfaces, named in the caller language, and answers one or 404', async () => {
      for (const call of [
        () => ent('GET', '/product-reservation-sources'),
        () => cus(anonymousDevice, 'GET', '/product-reservation-sources'),
      ]) {
        const list = await call();
        expect(list.status).toBe(200);
        expect(list.body.data.total_items).toBe(2);
        expect(list.body.data.product_reservation_sources.map((source: { name: string }) => source.name).sort()).toEqual([
          'E-shop',
          'Store',
        ]);
      }
      const one = await cus(anonymousDevice, 'GET', `/product-reservation-sources/${sourceId}`);
      expect(one.body.data).toEqual({ product_reservation_source_id: sourceId, name: 'E-shop', last_change: expect.any(String), state: 1 });
      expect((await ent('GET', `/product-reservation-sources/${hex()}`)).status).toBe(404);
    });

    it('lists the seeded external list types, filters by part of the name, and answers one or 404', async () => {
      const all = await ent('GET', '/product-reservation-external-list-types', undefined, { sort_field: 'name' });
      expect(all.body.data).toEqual({
        product_reservation_external_list_types: [
          { product_reservation_external_list_type_id: cashDesk, name: 'Cash desk' },
          { product_reservation_external_list_type_id: webShop, name: 'Web shop' },
        ],
        total_items: 2,
      });
      const web = await cus(anonymousDevice, 'GET', '/product-reservation-external-list-types', undefined, { name: 'SHOP' });
      expect(web.body.data.product_reservation_external_list_types).toEqual([
        { product_reservation_external_list_type_id: webShop, name: 'Web shop' },
      ]);
      expect((await cus(anonymousDevice, 'GET', `/product-reservation-external-list-types/${webShop}`)).body.data.name).toBe('Web shop');
      expect((await ent('GET', `/product-reservation-external-list-types/${hex()}`)).status).toBe(404);
    });
  });

  describe('reservation prices', () => {
    const priceIds: string[] = [];

    it('refuses the batch operations on the Customer interface', async () => {
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await t.customer(method, '/product-reservation-prices/batch', {
          token: janeDevice,
          body: { product_reservation_prices: [] },
        });
        expect({ status: refused.status, type: refused.body.error.type }).toEqual({ status: 403, type: 'interface_not_allowed_exception' });
      }
    });

    it('writes prices by id or PLU id and updates the one with the same product, store and currency', async () => {
      const batch = await ent('POST', '/product-reservation-prices/batch', {
        product_reservation_prices: [
          { reservable_product_id: product.mug, value: 4.5, currency_id: currencyId },
          { plu_ids: [{ list_code: 'EAN', code: 'ean-TEA-1' }], value: 2, currency_id: currencyId, store_id: storeId },
          {
            reservable_product_id: product.chair,
            plu_ids: [{ list_code: 'EAN', code: 'ean-CHAIR-1' }],
            value: 80,
            currency_id: currencyId,
            store_id: otherStoreId,
          },
          { reservable_product_id: product.mug, value: 5, currency_id: currencyId },
        ],
      });
      expect(batch.status).toBe(204);
      const rows = await t.dataSource.query(
        `SELECT product_reservation_price_id AS id, product_id, store_id, value::text AS value FROM product_reservation_prices
          WHERE state = 1 ORDER BY value`,
      );
      expect(
        rows.map((row: { product_id: string; store_id: string | null; value: string }) => [row.product_id, row.store_id, row.value]),
      ).toEqual([
        [product.tea, storeId, '2.00'],
        [product.mug, null, '5.00'],
        [product.chair, otherStoreId, '80.00'],
      ]);
      priceIds.push(...rows.map((row: { id: string }) => row.id));
    });

    it('rolls the whole batch back in mode 1 and reports failed records in mode 2', async () => {
      const bad = [
        { reservable_product_id: product.plain, value: 1, currency_id: currencyId },
        { plu_ids: [{ list_code: 'EAN', code: 'ean-BEANS-1' }], value: 1, currency_id: currencyId },
        { reservable_product_id: product.mug, plu_ids: [{ list_code: 'EAN', code: 'ean-TEA-1' }], value: 1, currency_id: currencyId },
        { reservable_product_id: product.mug, value: 1, currency_id: hex() },
        { value: 1, currency_id: currencyId },
        { reservable_product_id: product.mug, value: 1, currency_id: currencyId, colour: 'red' },
      ];
      const good = { reservable_product_id: product.tea, value: 3, currency_id: currencyId, store_id: storeId };
      const allOrNothing = await ent('POST', '/product-reservation-prices/batch', { product_reservation_prices: [good, bad[0]] });
      expect({ status: allOrNothing.status, params: params(allOrNothing) }).toEqual({
        status: 400,
        params: [{ name: 'product_reservation_prices.1.reservable_product_id', reason: 'not_found' }],
      });
      const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM product_reservation_prices WHERE value = 3`);
      expect(count).toBe(0);

      const report = await ent('POST', '/product-reservation-prices/batch', {
        product_reservation_prices: [good, ...bad],
        error_processing: 2,
      });
      expect(report.status).toBe(200);
      expect(
        report.body.data.errors.map((e: { index: number; invalid_params: { name: string; reason: string }[] }) => [
          e.index,
          e.invalid_params[0].name,
          e.invalid_params[0].reason,
        ]),
      ).toEqual([
        [1, 'product_reservation_prices.1.reservable_product_id', 'not_found'],
        [2, 'product_reservation_prices.2.plu_ids', 'not_allowed_value'],
        [3, 'product_reservation_prices.3.plu_ids', 'not_allowed_value'],
        [4, 'product_reservation_prices.4.currency_id', 'not_found'],
        [5, 'product_reservation_prices.5.reservable_product_id', 'required'],
        [6, 'product_reservation_prices.6.colour', 'not_allowed_value'],
      ]);
      const [{ count: written }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM product_reservation_prices WHERE value = 3 AND product_id = $1 AND state = 1`,
        [product.tea],
      );
      expect(written).toBe(1);
    });

    it('lists prices with filters (both array forms) and answers one, on both interfaces', async () => {
      const byProducts = await cus(anonymousDevice, 'GET', '/product-reservation-prices', undefined, {
        'reservable_product_id[]': [product.mug, product.chair],
        sort_field: 'value',
      });
      expect(byProducts.body.data.total_items).toBe(2);
      expect(byProducts.body.data.product_reservation_prices[0]).toEqual({
        product_reservation_price_id: priceIds[1],
        reservable_product_id: product.mug,
        plu_ids: [{ list_code: 'EAN', code: 'ean-MUG-1' }],
        value: 5,
        currency_id: currencyId,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
      const single = await ent('GET', '/product-reservation-prices', undefined, {
        reservable_product_id: product.tea,
        store_id: storeId,
        currency_id: currencyId,
      });
      expect(single.body.data.product_reservation_prices.map((price: { value: number }) => price.value)).toEqual([3]);
      expect((await ent('GET', `/product-reservation-prices/${priceIds[2]}`)).body.data.store_id).toBe(otherStoreId);
      expect((await ent('GET', `/product-reservation-prices/${hex()}`)).status).toBe(404);
    });

    it('deletes prices in a batch; an unknown id fails its record', async () => {
      const unknown = hex();
      const refused = await ent('DELETE', '/product-reservation-prices/batch', {
        product_reservation_prices: [{ product_reservation_price_id: priceIds[2] }, { product_reservation_price_id: unknown }],
      });
      expect({ status: refused.status, params: params(refused) }).toEqual({
        status: 400,
        params: [{ name: 'product_reservation_prices.1.product_reservation_price_id', reason: 'not_found' }],
      });
      expect((await ent('GET', `/product-reservation-prices/${priceIds[2]}`)).status).toBe(200);
      const partly = await ent('DELETE', '/product-reservation-prices/batch', {
        product_reservation_prices: [{ product_reservation_price_id: priceIds[2] }, { product_reservation_price_id: unknown }],
        error_processing: 2,
      });
      expect(partly.status).toBe(200);
      expect(partly.body.data.errors.map((e: { index: number }) => e.index)).toEqual([1]);
      expect((await ent('GET', `/product-reservation-prices/${priceIds[2]}`)).status).toBe(404);
      // Defined again, the chair has its store price back for the store filter below.
      expect(
        (
          await ent('POST', '/product-reservation-prices/batch', {
            product_reservation_prices: [
              { reservable_product_id: product.chair, value: 80, currency_id: currencyId, store_id: otherStoreId },
            ],
          })
        ).status,
      ).toBe(204);
    });
  });

  describe('reservable products', () => {
    it('lists only reservable products, as products, with name, code, tag and store filters', async () => {
      const ids = (response: TestResponse) => response.body.data.reservable_products.map((p: { product_id: string }) => p.product_id);
      const all = await cus(anonymousDevice, 'GET', '/reservable-products', undefined, { sort_field: 'name' });
      expect(all.status).toBe(200);
      expect(ids(all)).toEqual([product.mug, product.chair, product.tea]);
      expect(all.body.data.total_items).toBe(3);
      expect(all.body.data.reservable_products[0]).toMatchObject({ product_id: product.mug, name: 'Coffee mug', code: 'MUG-1' });
      expect(ids(await ent('GET', '/reservable-products', undefined, { name: 'coffee' }))).toEqual([product.mug]);
      expect(ids(await ent('GET', '/reservable-products', undefined, { code: 'TEA-1' }))).toEqual([product.tea]);
      expect(ids(await ent('GET', '/reservable-products', undefined, { 'tag_ids[]': [tagId] }))).toEqual([product.chair]);
      expect(ids(await ent('GET', '/reservable-products', undefined, { tag_ids: tagId }))).toEqual([product.chair]);
      // The mug's price names no store, so it is reservable everywhere; the tea is priced in the first store only.
      expect(ids(await ent('GET', '/reservable-products', undefined, { store_id: otherStoreId, sort_field: 'name' }))).toEqual([
        product.mug,
        product.chair,
      ]);
      expect(ids(await ent('GET', '/reservable-products', undefined, { store_id: storeId, sort_field: 'name' }))).toEqual([
        product.mug,
        product.tea,
      ]);
    });

    it('answers one reservable product, and 404 for a product that cannot be reserved', async () => {
      expect((await cus(anonymousDevice, 'GET', `/reservable-products/${product.tea}`)).body.data).toMatchObject({
        product_id: product.tea,
        name: 'Green tea',
      });
      expect((await ent('GET', `/reservable-products/${product.plain}`)).status).toBe(404);
    });

    it('searches names, codes and PLU codes, with tags as flags', async () => {
      const search = await cus(
        anonymousDevice,
        'POST',
        '/reservable-products/actions/search-reservable-products',
        { search_string: 'chair' },
        undefined,
      );
      expect(search.status).toBe(200);
      expect(search.body.data).toEqual({
        search_results: [
          { search_result_string: 'Garden chair', resource_id: product.chair, flags: [{ name: 'Summer', text_id: 'summer' }] },
        ],
        total_items: 1,
      });
      const byPlu = await ent('POST', '/reservable-products/actions/search-reservable-products', { search_string: 'ean-tea' });
      expect(byPlu.body.data.search_results.map((r: { resource_id: string }) => r.resource_id)).toEqual([product.tea]);
      const searchEan = (query: Record<string, string>) =>
        ent('POST', '/reservable-products/actions/search-reservable-products', { search_string: 'EAN-' }, query);
      const byName = await searchEan({});
      expect(byName.body.data.search_results.map((r: { search_result_string: string }) => r.search_result_string)).toEqual([
        'Coffee mug',
        'Garden chair',
        'Green tea',
      ]);
      const byIdDescending = await searchEan({ sort_field: 'resource_id', sort_direction: 'DESC', count: '2', offset: '1' });
      expect(byIdDescending.body.data).toEqual({
        search_results: [product.mug, product.tea, product.chair]
          .sort()
          .reverse()
          .slice(1, 3)
          .map((id) => expect.objectContaining({ resource_id: id })),
        total_items: 3,
      });
      expect((await searchEan({ offset: '5' })).body.data).toEqual({ search_results: [], total_items: 3 });
      const beans = await ent('POST', '/reservable-products/actions/search-reservable-products', { search_string: 'beans' });
      expect(beans.body.data).toEqual({ search_results: [], total_items: 0 });
      const missing = await ent('POST', '/reservable-products/actions/search-reservable-products', {});
      expect(params(missing)).toEqual([{ name: 'search_string', reason: 'required' }]);
    });
  });

  describe('creating reservations', () => {
    it('creates a reservation on the Enterprise interface, takes the stock, and answers it in full', async () => {
      const before = await stockOf(product.tea);
      const reservationId = await reserve({
        product_reservation_items: [
          { reservable_product_id: product.tea, amount: 2, unit_price: 2, vat_rate: 21 },
          { reservable_product_id: product.chair, amount: 1 },
        ],
        external_reservation_codes: [{ external_code_type_id: webShop, value: 'WEB-1' }],
        benefit_codes: ['GIFT-1'],
        customers_note: 'Gift wrap, please',
        total_price: 84,
        currency_id: currencyId,
        external_purchase_id: 'order-1',
        utm: { utm_source: 'newsletter' },
        actual_state: 4,
        reservation_codes: ['ignored'],
      });
      expect([before, await stockOf(product.tea), await stockOf(product.chair)]).toEqual(['3.000', '1.000', null]);
      const one = await ent('GET', `/product-reservations/${reservationId}`);
      expect(one.body.data).toEqual({
        product_reservation_id: reservationId,
        customer_id: jane.customerId,
        store_id: storeId,
        reservation_codes: [expect.stringMatching(/^[A-Z2-9]{7}$/)],
        external_reservation_codes: [{ external_code_type_id: webShop, value: 'WEB-1' }],
        benefit_codes: ['GIFT-1'],
        product_reservation_source_id: sourceId,
        customers_note: 'Gift wrap, please',
        total_price: 84,
        currency_id: currencyId,
        product_reservation_items: [
          { reservable_product_id: product.tea, amount: 2, unit_price: 2, vat_rate: 21 },
          { reservable_product_id: product.chair, amount: 1 },
        ],
        external_purchase_id: 'order-1',
        utm: { utm_source: 'newsletter' },
        actual_state: 1,
        reservation_progress_history: [
          { reservation_progress_id: 1, reservation_progress_text: 'Entered', reservation_progress_time: expect.any(String) },
        ],
        comments: [],
        last_change: expect.any(String),
        state: 1,
      });
      const events = await t.dataSource.query(
        `SELECT e.customer_id, e.data FROM customer_events e JOIN event_types ty ON ty.event_type_id = e.event_type_id
          WHERE ty.text_id = 'product_reservation_progress' AND e.external_id = $1`,
        [reservationId],
      );
      expect(events).toEqual([
        { customer_id: jane.customerId, data: { product_reservation_id: reservationId, previous_state: null, actual_state: 1 } },
      ]);
    });

    it('refuses a reservation beyond the stock, or of a product that cannot be reserved, changing nothing', async () => {
      const [{ count: before }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM product_reservations`);
      const tooMany = await ent(
        'POST',
        '/product-reservations',
        reservationBody({
          product_reservation_items: [
            { reservable_product_id: product.mug, amount: 1 },
            { reservable_product_id: product.tea, amount: 2 },
          ],
        }),
      );
      expect({ status: tooMany.status, params: params(tooMany) }).toEqual({
        status: 400,
        params: [{ name: 'product_reservation.product_reservation_items.1.amount', reason: 'not_allowed_value' }],
      });
      const plain = await ent(
        'POST',
        '/product-reservations',
        reservationBody({ product_reservation_items: [{ reservable_product_id: product.plain, amount: 1 }] }),
      );
      expect(params(plain)).toEqual([
        { name: 'product_reservation.product_reservation_items.0.reservable_product_id', reason: 'not_found' },
      ]);
      const [{ count: after }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM product_reservations`);
      expect([after, await stockOf(product.mug), await stockOf(product.tea)]).toEqual([before, '1000.000', '1.000']);
    });

    it('sums the amounts of several items of one product exactly, as the decimal stock holds them', async () => {
      const productId = hex();
      await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Loose tea')`, [productId]);
      await t.dataSource.query(`INSERT INTO reservable_products (product_id, stock) VALUES ($1, $2)`, [productId, 0.3]);
      await reserve({
        product_reservation_items: [
          { reservable_product_id: productId, amount: 0.1 },
          { reservable_product_id: productId, amount: 0.2 },
        ],
      });
      expect(await stockOf(productId)).toBe('0.000');
    });

    it('draws another reservation code when the random one is taken', async () => {
      const codeOf = async (reservationId: string): Promise<string> =>
        (
          await t.dataSource.query(`SELECT reservation_code FROM product_reservations WHERE product_reservation_id = $1`, [reservationId])
        )[0].reservation_code;
      // The first seven draws of each reservation spell AAAAAAA: the second one has to draw again.
      const reserveTryingAAAAAAA = async (): Promise<string> => {
        const draws = jest.spyOn(crypto, 'randomInt');
        for (let index = 0; index < 7; index += 1) draws.mockImplementationOnce(() => 0);
        try {
          return await codeOf(await reserve());
        } finally {
          draws.mockRestore();
        }
      };
      const taken = await reserveTryingAAAAAAA();
      const drawnAgain = await reserveTryingAAAAAAA();
      expect(taken).toBe('AAAAAAA');
      expect(drawnAgain).toMatch(/^[A-Z2-9]{7}$/);
      expect(drawnAgain).not.toBe(taken);
    });

    it('names every other problem of the body', async () => {
      const cases: [Record<string, unknown>, { name: string; reason: string }[]][] = [
        [{ product_reservation_items: [] }, [{ name: 'product_reservation.product_reservation_items', reason: 'required' }]],
        [{ total_price: 3 }, [{ name: 'product_reservation.currency_id', reason: 'required' }]],
        [
          { product_reservation_items: [{ reservable_product_id: product.mug, amount: 1, unit_price: 2 }] },
          [{ name: 'product_reservation.product_reservation_items.0.vat_rate', reason: 'required' }],
        ],
        [
          { product_reservation_items: [{ reservable_product_id: product.chair, amount: 100_000_000_000 }] },
          [{ name: 'product_reservation.product_reservation_items.0.amount', reason: 'invalid_value_format' }],
        ],
        [{ store_id: undefined }, [{ name: 'product_reservation.store_id', reason: 'required' }]],
        [{ store_id: hex() }, [{ name: 'product_reservation.store_id', reason: 'not_found' }]],
        [{ product_reservation_source_id: hex() }, [{ name: 'product_reservation.product_reservation_source_id', reason: 'not_found' }]],
        [{ customer_id: hex() }, [{ name: 'product_reservation.customer_id', reason: 'not_found' }]],
        [{ customer_id: undefined }, [{ name: 'product_reservation.customer_id', reason: 'required' }]],
        [
          { external_reservation_codes: [{ external_code_type_id: hex(), value: 'x' }] },
          [{ name: 'product_reservation.external_reservation_codes.0.external_code_type_id', reason: 'not_found' }],
        ],
        [
          {
            external_reservation_codes: [
              { external_code_type_id: webShop, value: 'a' },
              { external_code_type_id: webShop, value: 'b' },
            ],
          },
          [{ name: 'product_reservation.external_reservation_codes.1.external_code_type_id', reason: 'not_allowed_value' }],
        ],
        [{ colour: 'red' }, [{ name: 'product_reservation.colour', reason: 'not_allowed_value' }]],
      ];
      for (const [overrides, expected] of cases) {
        const refused = await ent('POST', '/product-reservations', reservationBody(overrides));
        expect({ overrides, status: refused.status, params: params(refused) }).toEqual({ overrides, status: 400, params: expected });
      }
    });

    it('creates for the logged-in customer on the Customer interface and refuses another customer id', async () => {
      const { customer_id: _omitted, ...withoutCustomer } = reservationBody().product_reservation;
      const created = await cus(janeDevice, 'POST', '/product-reservations', { product_reservation: withoutCustomer });
      expect(created.status).toBe(201);
      const [{ customer_id: owner }] = await t.dataSource.query(
        `SELECT customer_id FROM product_reservations WHERE product_reservation_id = $1`,
        [created.body.data.product_reservation_id],
      );
      expect(owner).toBe(jane.customerId);
      const foreign = await cus(janeDevice, 'POST', '/product-reservations', reservationBody({ customer_id: max.customerId }));
      expect({ status: foreign.status, params: params(foreign) }).toEqual({
        status: 400,
        params: [{ name: 'product_reservation.customer_id', reason: 'not_belong_to_logged_in_customer' }],
      });
      const anonymous = await cus(anonymousDevice, 'POST', '/product-reservations', { product_reservation: withoutCustomer });
      expect({ status: anonymous.status, type: anonymous.body.error.type }).toEqual({
        status: 403,
        type: 'customer_not_logged_in_exception',
      });
    });
  });

  describe('listing and reading reservations', () => {
    let maxReservation: string;
    let janeCoded: string;

    beforeAll(async () => {
      maxReservation = await reserve({ customer_id: max.customerId, store_id: otherStoreId });
      janeCoded = await reserve({ external_reservation_codes: [{ external_code_type_id: cashDesk, value: 'DESK-77' }] });
    });

    it('scopes lists and reads to the logged-in customer on the Customer interface', async () => {
      const mine = await cus(janeDevice, 'GET', '/product-reservations', undefined, { count: '1000' });
      expect(mine.status).toBe(200);
      const owners = new Set(mine.body.data.product_reservations.map((r: { customer_id: string }) => r.customer_id));
      expect([...owners]).toEqual([jane.customerId]);
      const foreignFilter = await cus(janeDevice, 'GET', '/product-reservations', undefined, { customer_id: max.customerId });
      expect(params(foreignFilter)).toEqual([{ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }]);
      expect((await cus(janeDevice, 'GET', `/product-reservations/${maxReservation}`)).status).toBe(404);
      expect((await cus(maxDevice, 'GET', `/product-reservations/${maxReservation}`)).body.data.customer_id).toBe(max.customerId);
      const anonymous = await cus(anonymousDevice, 'GET', '/product-reservations');
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });

    it('filters by customer, store, state and the external list type and code pair, with history on request', async () => {
      const ids = (response: TestResponse) =>
        response.body.data.product_reservations.map((r: { product_reservation_id: string }) => r.product_reservation_id);
      expect(ids(await ent('GET', '/product-reservations', undefined, { customer_id: max.customerId }))).toEqual([maxReservation]);
      expect(ids(await ent('GET', '/product-reservations', undefined, { store_id: otherStoreId }))).toEqual([maxReservation]);
      const paired = await ent('GET', '/product-reservations', undefined, {
        external_reservation_list_type_id: cashDesk,
        external_reservation_code: 'DESK-77',
        include_reservation_progress_history: 'true',
      });
      expect(ids(paired)).toEqual([janeCoded]);
      expect(paired.body.data.product_reservations[0].reservation_progress_history).toHaveLength(1);
      const withoutHistory = await ent('GET', '/product-reservations', undefined, { customer_id: max.customerId });
      expect(withoutHistory.body.data.product_reservations[0].reservation_progress_history).toEqual([]);
      expect(
        ids(
          await ent('GET', '/product-reservations', undefined, {
            external_reservation_list_type_id: webShop,
            external_reservation_code: 'DESK-77',
          }),
        ),
      ).toEqual([]);
      const lone = await ent('GET', '/product-reservations', undefined, { external_reservation_code: 'DESK-77' });
      expect(params(lone)).toEqual([{ name: 'external_reservation_list_type_id', reason: 'required' }]);
      const loneType = await cus(janeDevice, 'GET', '/product-reservations', undefined, { external_reservation_list_type_id: cashDesk });
      expect(params(loneType)).toEqual([{ name: 'external_reservation_code', reason: 'required' }]);
      const unknownType = await ent('GET', '/product-reservations', undefined, {
        external_reservation_list_type_id: hex(),
        external_reservation_code: 'x',
      });
      expect(params(unknownType)).toEqual([{ name: 'external_reservation_list_type_id', reason: 'not_found' }]);
      const ready = await ent('GET', '/product-reservations', undefined, { reservation_state: '3' });
      expect(params(ready)).toEqual([{ name: 'reservation_state', reason: 'not_allowed_value' }]);
      const entered = await ent('GET', '/product-reservations', undefined, { reservation_state: '1', customer_id: max.customerId });
      expect(ids(entered)).toEqual([maxReservation]);
    });

    it('merges external codes by list type, refusing another customer reservation in the body', async () => {
      const set = await cus(janeDevice, 'POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: janeCoded,
        external_reservation_codes: [{ external_code_type_id: webShop, value: 'WEB-9' }],
      });
      // Not granted to Jane's application: staff sets codes.
      expect(set.status).toBe(403);
      const merged = await ent('POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: janeCoded,
        external_reservation_codes: [{ external_code_type_id: webShop, value: 'WEB-9' }],
      });
      expect(merged.status).toBe(204);
      const replaced = await ent('POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: janeCoded,
        external_reservation_codes: [{ external_code_type_id: cashDesk, value: 'DESK-78' }],
      });
      expect(replaced.status).toBe(204);
      expect((await ent('GET', `/product-reservations/${janeCoded}`)).body.data.external_reservation_codes).toEqual(
        [
          { external_code_type_id: cashDesk, value: 'DESK-78' },
          { external_code_type_id: webShop, value: 'WEB-9' },
        ].sort((a, b) => (a.external_code_type_id < b.external_code_type_id ? -1 : 1)),
      );
      const foreign = await cus(maxDevice, 'POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: janeCoded,
        external_reservation_codes: [{ external_code_type_id: webShop, value: 'STOLEN' }],
      });
      expect(params(foreign)).toEqual([{ name: 'product_reservation_id', reason: 'not_belong_to_logged_in_customer' }]);
      const unknown = await ent('POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: hex(),
        external_reservation_codes: [],
      });
      expect(params(unknown)).toEqual([{ name: 'product_reservation_id', reason: 'not_found' }]);
      const twice = await ent('POST', '/product-reservations/actions/set-product-reservation-external-codes', {
        product_reservation_id: janeCoded,
        external_reservation_codes: [
          { external_code_type_id: webShop, value: 'WEB-10' },
          { external_code_type_id: webShop, value: 'WEB-11' },
        ],
      });
      expect(params(twice)).toEqual([{ name: 'external_reservation_codes.1.external_code_type_id', reason: 'not_allowed_value' }]);
    });
  });

  describe('progress moves', () => {
    const allowed: [number, number][] = OPEN.flatMap((from) => CODES.filter((to) => to !== from).map((to): [number, number] => [from, to]));

    it.each(allowed)('moves a reservation from %i to %i, with history and an outbox event', async (from, to) => {
      const reservationId = await reserve();
      const change = (state: number) =>
        ent('POST', '/product-reservations/actions/change-reservation-state', { product_reservation_id: reservationId, state });
      if (from !== 1) expect((await change(from)).status).toBe(204);
      const moved = await change(to);
      expect(moved.status).toBe(204);
      const one = (await ent('GET', `/product-reservations/${reservationId}`)).body.data;
      expect(one.actual_state).toBe(to);
      expect(one.reservation_progress_history.map((entry: { reservation_progress_id: number }) => entry.reservation_progress_id)).toEqual(
        from === 1 ? [to, 1] : [to, from, 1],
      );
      if (to === 4) expect(one.pickup_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      else expect(one.pickup_date).toBeUndefined();
      const events = await t.dataSource.query(
        `SELECT (data->>'actual_state')::int AS state FROM customer_events WHERE external_id = $1 ORDER BY created_at, data->>'actual_state'`,
        [reservationId],
      );
      expect(events).toHaveLength(from === 1 ? 2 : 3);
      expect(events.map((event: { state: number }) => event.state)).toContain(to);
    });

    it('refuses to leave a final state, naming state, and treats the current state again as no change', async () => {
      const reservationId = await reserve();
      const change = (state: number) =>
        ent('POST', '/product-reservations/actions/change-reservation-state', { product_reservation_id: reservationId, state });
      expect((await change(4)).status).toBe(204);
      const refused = await change(2);
      expect({ status: refused.status, params: params(refused) }).toEqual({
        status: 400,
        params: [{ name: 'state', reason: 'not_allowed_value' }],
      });
      expect(await progressOf(reservationId)).toBe(4);
      expect((await change(4)).status).toBe(204);
      const [{ entries }] = await t.dataSource.query(
        `SELECT count(*)::int AS entries FROM product_reservation_progress WHERE product_reservation_id = $1`,
        [reservationId],
      );
      expect(entries).toBe(2);
      const ready = await change(3);
      expect(params(ready)).toEqual([{ name: 'state', reason: 'not_allowed_value' }]);
    });

    it('scopes change-reservation-state to the logged-in customer on the Customer interface', async () => {
      const janes = await reserve();
      const foreign = await cus(maxDevice, 'POST', '/product-reservations/actions/change-reservation-state', {
        product_reservation_id: janes,
        state: 2,
      });
      expect({ status: foreign.status, params: params(foreign) }).toEqual({
        status: 400,
        params: [{ name: 'product_reservation_id', reason: 'not_belong_to_logged_in_customer' }],
      });
      const maxes = await reserve({ customer_id: max.customerId });
      expect(
        (
          await cus(maxDevice, 'POST', '/product-reservations/actions/change-reservation-state', {
            product_reservation_id: maxes,
            state: 2,
          })
        ).status,
      ).toBe(204);
      expect(await progressOf(maxes)).toBe(2);
      expect(await progressOf(janes)).toBe(1);
      const unknown = await ent('POST', '/product-reservations/actions/change-reservation-state', {
        product_reservation_id: hex(),
        state: 2,
      });
      expect(params(unknown)).toEqual([{ name: 'product_reservation_id', reason: 'not_found' }]);
    });
  });

  describe('cancelling', () => {
    it('cancels on both interfaces, gives the stock back once, and hides the reservation from lists but not from reads', async () => {
      const stock = await stockOf(product.mug);
      const reservationId = await reserve({ product_reservation_items: [{ reservable_product_id: product.mug, amount: 2.5 }] });
      expect(Number(await stockOf(product.mug))).toBe(Number(stock) - 2.5);
      const path = `/product-reservations/${reservationId}/actions/cancel-reservation`;
      expect((await cus(maxDevice, 'POST', path, { product_reservation_id: reservationId })).status).toBe(404);
      const mismatch = await cus(janeDevice, 'POST', path, { product_reservation_id: hex() });
      expect(params(mismatch)).toEqual([{ name: 'product_reservation_id', reason: 'not_allowed_value' }]);
      expect((await cus(janeDevice, 'POST', path, { product_reservation_id: reservationId })).status).toBe(204);
      expect((await ent('POST', path, { product_reservation_id: reservationId })).status).toBe(204);
      expect(await stockOf(product.mug)).toBe(stock);
      const listed = await cus(janeDevice, 'GET', '/product-reservations', undefined, { count: '1000' });
      expect(listed.body.data.product_reservations.map((r: { product_reservation_id: string }) => r.product_reservation_id)).not.toContain(
        reservationId,
      );
      const cancelled = await cus(janeDevice, 'GET', '/product-reservations', undefined, { reservation_state: '0', count: '1000' });
      const states = new Map(
        cancelled.body.data.product_reservations.map((r: { product_reservation_id: string; actual_state: number }) => [
          r.product_reservation_id,
          r.actual_state,
        ]),
      );
      expect([states.get(reservationId), new Set(states.values())]).toEqual([0, new Set([0])]);
      const one = await cus(janeDevice, 'GET', `/product-reservations/${reservationId}`);
      expect(one.body.data.actual_state).toBe(0);
      expect((await ent('POST', `/product-reservations/${hex()}/actions/cancel-reservation`, { product_reservation_id: 'x' })).status).toBe(
        400,
      );
      const missing = hex();
      expect(
        (await ent('POST', `/product-reservations/${missing}/actions/cancel-reservation`, { product_reservation_id: missing })).status,
      ).toBe(404);
    });
  });
});
