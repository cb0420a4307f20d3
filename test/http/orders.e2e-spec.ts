import { OrderService } from '../../src/modules/orders';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('Orders (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;
  let currencyId: string;

  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const orderCount = async (): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM orders`))[0].count);
  const eventsOf = async (orderId: string): Promise<{ type: string; secondary: string | null; data: unknown }[]> =>
    t.dataSource.query(
      `SELECT t.text_id AS type, e.secondary_external_id AS secondary, e.data FROM customer_events e
       JOIN event_types t USING (event_type_id) WHERE e.external_id = $1 ORDER BY e.created_at, e.event_id`,
      [orderId],
    );

  /** A minimal valid order of `customerId` (omitted when undefined). */
  const order = (customerId: string | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    ...(customerId === undefined ? {} : { customer_id: customerId }),
    currency_id: currencyId,
    total_price: 20,
    order_items: [{ product_variant_id: 'mug-blue', amount: 2, unit_price: 10, vat_rate: 21 }],
    invoicing_data: { payment_id: 'S' },
    ...extra,
  });
  const post = (body: unknown, device?: string): Promise<TestResponse> =>
    device ? t.customer('POST', '/orders', { token: device, body }) : t.enterprise('POST', '/orders', { token, body });
  async function created(body: unknown, device?: string): Promise<string> {
    const response = await post(body, device);
    expect(response.status).toBe(201);
    expect(response.body.data.order_id).toMatch(/^[0-9a-f]{32}$/);
    return response.body.data.order_id as string;
  }
  const detail = async (orderId: string): Promise<Record<string, any>> => {
    const response = await t.enterprise('GET', `/orders/${orderId}`, { token });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1`))[0].currency_id;
  });

  afterAll(() => t.close());

  describe('POST /orders and GET /orders/{order_id}', () => {
    it('creates an order with items, invoicing and shipping; it starts new, paid, first in its series, with its event', async () => {
      const orderId = await created({
        order: order(jane.customerId, {
          order_number: 'WEB-1001',
          total_price: 42.5,
          discount_codes: ['SPRING10'],
          order_items: [
            { product_variant_id: 'mug-blue', amount: 2, unit_price: 10, vat_rate: 21 },
            { product_variant_id: 'tea-green', amount: 1, unit_price: 22.5, vat_rate: 15, customer_id: max.customerId },
          ],
          invoicing_data: {
            payment_id: 'A',
            paid_date: '2025-03-01 10:15:00',
            personal_information: {
              first_name: 'Jane',
              last_name: 'Doe',
              email: 'jane@example.test',
              language_id: 'en',
              address: { address1: 'Main 1', city: 'Brno', zip: '60200', country_code: 'CZ' },
              consents: [{ consent_id: 'x', consent_value: 1 }],
            },
          },
          shipping_data: {
            shipping_id: 'courier',
            contact_firstname: 'Jane',
            contact_lastname: 'Doe',
            phone: '420777000111',
            address: { address1: 'Side 2', city: 'Praha', country_code: 'cz' },
          },
          customer_note: 'Ring twice',
          order_status: 'delivered',
          program_ranking: 99,
        }),
      });
      const data = await detail(orderId);
      expect(data).toEqual({
        order_id: orderId,
        order_number: 'WEB-1001',
        customer_id: jane.customerId,
        currency_id: currencyId,
        total_price: 42.5,
        discount_codes: ['SPRING10'],
        order_items: [
          {
            order_item_id: expect.stringMatching(/^[0-9a-f]{32}$/),
            product_variant_id: 'mug-blue',
            customer_id: jane.customerId,
            amount: 2,
            unit_price: 10,
            vat_rate: 21,
          },
          {
            order_item_id: expect.stringMatching(/^[0-9a-f]{32}$/),
            product_variant_id: 'tea-green',
            customer_id: max.customerId,
            amount: 1,
            unit_price: 22.5,
            vat_rate: 15,
          },
        ],
        invoicing_data: {
          payment_id: 'A',
          paid_date: '2025-03-01 10:15:00',
          personal_information: {
            first_name: 'Jane',
            last_name: 'Doe',
            email: 'jane@example.test',
            language_id: 'en',
            address: { address1: 'Main 1', city: 'Brno', zip: '60200', country_code: 'cz' },
          },
        },
        shipping_data: {
          shipping_id: 'courier',
          contact_firstname: 'Jane',
          contact_lastname: 'Doe',
          phone: '420777000111',
          address: { address1: 'Side 2', city: 'Praha', country_code: 'cz' },
        },
        customer_note: 'Ring twice',
        order_status: 'new',
        program_ranking: 1,
        payment_status: 'paid',
        last_change: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      expect(await eventsOf(orderId)).toEqual([{ type: 'order_created', secondary: null, data: { order_status: 'new' } }]);
    });

    it('numbers an order without a number, ranks it after the customer’s earlier orders, and reads unpaid without a payment day', async () => {
      const orderId = await created({ order: order(jane.customerId) });
      const data = await detail(orderId);
      expect(data.order_number).toMatch(/^O\d{8}$/);
      expect(data.program_ranking).toBe(2);
      expect(data.payment_status).toBe('unpaid');
      expect(data.invoicing_data).toEqual({ payment_id: 'S' });
      expect(data).not.toHaveProperty('shipping_data');
    });

    it('takes the logged-in customer on the Customer interface and refuses another one', async () => {
      const orderId = await created({ order: order(undefined) }, janeDevice);
      expect((await detail(orderId)).customer_id).toBe(jane.customerId);
      const before = await orderCount();
      const foreign = await post({ order: order(max.customerId) }, janeDevice);
      expect(foreign.status).toBe(400);
      expect(invalidParams(foreign)).toEqual([
        expect.objectContaining({ name: 'order.customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      const foreignItem = await post(
        {
          order: order(undefined, {
            order_items: [{ product_variant_id: 'x', amount: 1, unit_price: 1, vat_rate: 0, customer_id: max.customerId }],
          }),
        },
        janeDevice,
      );
      expect(invalidParams(foreignItem)).toEqual([
        expect.objectContaining({ name: 'order.order_items.0.customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      const anonymous = await post({ order: order(undefined) }, anonymousDevice);
      expect(anonymous.status).toBe(403);
      expect(await orderCount()).toBe(before);
    });

    it.each([
      ['no customer on the Enterprise interface', order(undefined), 'order.customer_id', 'required'],
      ['an unknown customer', order('0'.repeat(32)), 'order.customer_id', 'not_found'],
      ['an unknown currency', { ...order('x'), currency_id: 'nope' }, 'order.currency_id', 'not_found'],
      ['an unknown payment type', { ...order('x'), invoicing_data: { payment_id: 'Z' } }, 'order.invoicing_data.payment_id', 'not_found'],
      [
        'a billing person without a language',
        { ...order('x'), invoicing_data: { payment_id: 'S', personal_information: { first_name: 'J' } } },
        'order.invoicing_data.personal_information.language_id',
        'required',
      ],
      [
        'a bad payment day',
        { ...order('x'), invoicing_data: { payment_id: 'S', paid_date: 'soon' } },
        'order.invoicing_data.paid_date',
        'invalid_value_format',
      ],
      ['no items', { ...order('x'), order_items: [] }, 'order.order_items', 'required'],
      [
        'shipping without its id',
        { ...order('x'), shipping_data: { contact_firstname: 'J' } },
        'order.shipping_data.shipping_id',
        'required',
      ],
      ['an unknown field', { ...order('x'), colour: 'blue' }, 'order.colour', 'not_allowed_value'],
    ])('refuses %s with a 400 naming the field, and stores nothing', async (_case, body, name, reason) => {
      // The table is built before the currency is known: fill it (and the customer placeholder) in now.
      const withCustomer = {
        ...body,
        currency_id: body.currency_id ?? currencyId,
        ...(body.customer_id === 'x' ? { customer_id: jane.customerId } : {}),
      };
      const before = await orderCount();
      const response = await post({ order: withCustomer });
      expect(response.status).toBe(400);
      expect(invalidParams(response)).toEqual([expect.objectContaining({ name, reason })]);
      expect(await orderCount()).toBe(before);
    });

    it("refuses an item's unknown customer, naming the first such item, and stores nothing", async () => {
      const item = { product_variant_id: 'mug-blue', amount: 1, unit_price: 10, vat_rate: 21 };
      const unknown = '0'.repeat(32);
      const before = await orderCount();
      const response = await post({
        order: order(jane.customerId, {
          order_items: [
            { ...item, customer_id: max.customerId },
            item,
            { ...item, customer_id: unknown },
            { ...item, customer_id: 'f'.repeat(32) },
          ],
        }),
      });
      expect(response.status).toBe(400);
      expect(invalidParams(response)).toEqual([
        expect.objectContaining({ name: 'order.order_items.2.customer_id', reason: 'not_found', value: unknown }),
      ]);
      expect(await orderCount()).toBe(before);
    });

    it('refuses a second order with the same number', async () => {
      await created({ order: order(max.customerId, { order_number: 'WEB-2001' }) });
      const again = await post({ order: order(jane.customerId, { order_number: 'WEB-2001' }) });
      expect(again.status).toBe(400);
      expect(invalidParams(again)).toEqual([
        expect.objectContaining({ name: 'order.order_number', reason: 'already_exists', value: 'WEB-2001' }),
      ]);
    });

    it("answers 404 for an unknown order, and for another customer's order on the Customer interface", async () => {
      const maxOrder = await created({ order: order(max.customerId) });
      expect((await t.enterprise('GET', `/orders/${'f'.repeat(32)}`, { token })).status).toBe(404);
      expect((await t.customer('GET', `/orders/${maxOrder}`, { token: janeDevice })).status).toBe(404);
      expect((await t.customer('GET', `/orders/${maxOrder}`, { token: anonymousDevice })).status).toBe(403);
    });
  });

  describe('GET /orders', () => {
    let ids: string[];
    beforeAll(async () => {
      await t.dataSource.query(`DELETE FROM customer_events WHERE external_id IN (SELECT order_id FROM orders)`);
      await t.dataSource.query(`DELETE FROM orders`);
      ids = [
        await created({ order: order(jane.customerId, { total_price: 30 }) }),
        await created({ order: order(max.customerId, { total_price: 10 }) }),
        await created({ order: order(jane.customerId, { total_price: 20 }) }),
      ];
    });

    it('lists every order oldest first, pages and sorts them', async () => {
      const all = await t.enterprise('GET', '/orders', { token });
      expect(all.status).toBe(200);
      expect(all.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual(ids);
      expect(all.body.data.total_items).toBe(3);
      const page = await t.enterprise('GET', '/orders', {
        token,
        query: { sort_field: 'total_price', sort_direction: 'DESC', count: '2', offset: '1' },
      });
      expect(page.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1]]);
      expect(page.body.data.total_items).toBe(3);
    });

    it('filters by customer and by state', async () => {
      const janes = await t.enterprise('GET', '/orders', { token, query: { customer_id: jane.customerId } });
      expect(janes.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0], ids[2]]);
      await t.service(OrderService).move(ids[2], 'cancelled');
      const inactive = await t.enterprise('GET', '/orders', { token, query: { state: '2' } });
      expect(inactive.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2]]);
      const active = await t.enterprise('GET', '/orders', { token, query: { state: '1' } });
      expect(active.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0], ids[1]]);
      expect((await t.enterprise('GET', '/orders', { token, query: { state: '7' } })).status).toBe(400);
    });

    it("shows the logged-in customer's orders only on the Customer interface", async () => {
      const own = await t.customer('GET', '/orders', { token: janeDevice });
      expect(own.body.data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0], ids[2]]);
      const foreign = await t.customer('GET', '/orders', { token: janeDevice, query: { customer_id: max.customerId } });
      expect(foreign.status).toBe(400);
      expect(invalidParams(foreign)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      expect((await t.customer('GET', '/orders', { token: anonymousDevice })).status).toBe(403);
    });
  });

  describe('status moves', () => {
    const status = async (orderId: string) => (await detail(orderId)).order_status as string;

    it.each([
      [['processing', 'shipped', 'delivered', 'returned']],
      [['processing', 'cancelled']],
      [['cancelled']],
      [['processing', 'shipped', 'returned']],
    ])('makes every allowed move along %j, each with its event', async (path: string[]) => {
      const orderId = await created({ order: order(jane.customerId) });
      let from = 'new';
      for (const to of path) {
        expect(await t.service(OrderService).move(orderId, to)).toEqual({ from, to });
        expect(await status(orderId)).toBe(to);
        from = to;
      }
      const data = await detail(orderId);
      if (path.includes('shipped')) expect(data.shipping_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      else expect(data).not.toHaveProperty('shipping_date');
      const [row] = await t.dataSource.query(`SELECT state FROM orders WHERE order_id = $1`, [orderId]);
      expect(row.state).toBe(['cancelled', 'returned'].includes(from) ? 2 : 1);
      const events = await eventsOf(orderId);
      expect(events.map((event) => [event.type, event.secondary])).toEqual([
        ['order_created', null],
        ...path.map((to) => ['order_status_change', to]),
      ]);
    });

    it('refuses a move the table does not allow with a 400 naming order_status, changing nothing', async () => {
      const orderId = await created({ order: order(jane.customerId) });
      await expect(t.service(OrderService).move(orderId, 'delivered')).rejects.toMatchObject({
        details: { data: { params: [expect.objectContaining({ name: 'order_status', reason: 'not_allowed_value', value: 'delivered' })] } },
      });
      expect(await status(orderId)).toBe('new');
      expect((await eventsOf(orderId)).map((event) => event.type)).toEqual(['order_created']);
    });
  });
});
