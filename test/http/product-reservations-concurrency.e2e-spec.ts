import { randomBytes } from 'node:crypto';
import { TestApp } from '../support/test-app';

const STOCK = 5;
const ATTEMPTS = 50;

describe('Product reservations under concurrency (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });

  afterAll(() => t.close());

  it(`lets exactly ${STOCK} of ${ATTEMPTS} concurrent reservations of a product with stock ${STOCK} through, and cancelling frees one`, async () => {
    const token = await t.enterpriseToken();
    const productId = randomBytes(13).toString('hex');
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Last-minute ticket')`, [productId]);
    await t.dataSource.query(`INSERT INTO reservable_products (product_id, stock) VALUES ($1, $2)`, [productId, STOCK]);
    const [{ store_id: storeId }] = await t.dataSource.query(`SELECT store_id FROM stores ORDER BY store_id LIMIT 1`);
    const [{ product_reservation_source_id: sourceId }] = await t.dataSource.query(
      `SELECT product_reservation_source_id FROM product_reservation_sources WHERE text_id = 'store'`,
    );
    const customers = await Promise.all(Array.from({ length: 5 }, () => t.createCustomer()));
    const reserve = (index: number) =>
      t.enterprise('POST', '/product-reservations', {
        token,
        body: {
          product_reservation: {
            customer_id: customers[index % customers.length].customerId,
            store_id: storeId,
            product_reservation_source_id: sourceId,
            product_reservation_items: [{ reservable_product_id: productId, amount: 1 }],
          },
        },
      });

    const responses = await Promise.all(Array.from({ length: ATTEMPTS }, (_, index) => reserve(index)));
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status !== 201);
    expect(created).toHaveLength(STOCK);
    // Every refusal is a clean shortage naming the item's amount, never a 500 or a deadlock.
    for (const response of refused) {
      expect({
        status: response.status,
        params: response.body.error.error_data.invalid_params.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      }).toEqual({
        status: 400,
        params: [['product_reservation.product_reservation_items.0.amount', 'not_allowed_value']],
      });
    }
    const [{ stock, reserved }] = await t.dataSource.query(
      `SELECT (SELECT stock::text FROM reservable_products WHERE product_id = $1) AS stock,
              (SELECT count(*)::int FROM product_reservation_items WHERE product_id = $1) AS reserved`,
      [productId],
    );
    expect([stock, reserved]).toEqual(['0.000', STOCK]);

    // Cancelling gives one back; two concurrent cancellations of the same reservation give it back once.
    const cancelledId = created[0].body.data.product_reservation_id as string;
    const cancel = () =>
      t.enterprise('POST', `/product-reservations/${cancelledId}/actions/cancel-reservation`, {
        token,
        body: { product_reservation_id: cancelledId },
      });
    expect((await Promise.all([cancel(), cancel()])).map((response) => response.status)).toEqual([204, 204]);
    const [{ stock: afterCancel }] = await t.dataSource.query(
      `SELECT stock::text AS stock FROM reservable_products WHERE product_id = $1`,
      [productId],
    );
    expect(afterCancel).toBe('1.000');
    const again = await Promise.all([reserve(0), reserve(1)]);
    expect(again.map((response) => response.status).sort()).toEqual([201, 400]);
  });
});
