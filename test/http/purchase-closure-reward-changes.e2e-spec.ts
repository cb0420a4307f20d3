import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/**
 * Purchase closure applies rewards from definitions held in memory (decision 29): a change made through
 * the API reaches the very next closure, on the instance that made it and on every other one.
 */
describe('Reward changes reach the next purchase closure on every instance (HTTP)', () => {
  let t: TestApp;
  let sibling: TestApp;
  let token: string;
  let customerId: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let rewardId: string;
  let voucherCode: string;
  const inCart = { productId: hex(), plu: { list_code: 'EAN', code: hex() } };
  const notInCart = { productId: hex(), plu: { list_code: 'EAN', code: hex() } };

  const accept = (on: TestApp, codes = [voucherCode]): Promise<TestResponse> =>
    on.enterprise('POST', '/purchases/actions/accept-payment', {
      token,
      body: {
        store_id: storeId,
        cashdesk_number: 1,
        customer_id: customerId,
        payment_type: 'S',
        benefit_codes: codes,
        bill: {
          bill_id: hex(),
          payment_time: new Date().toISOString(),
          currency_id: currencyId,
          total_price: 10,
          bill_items: [
            {
              plu_ids: [inCart.plu],
              plu_name: 'Coffee',
              vat_rate: 21,
              quantity: 1,
              price: 10,
              paid_amount: 10,
              bill_item_id: '1',
              loyalty_off: false,
              purchase_item_type_id: itemTypeId,
            },
          ],
        },
      },
    });
  /** Makes `product` the only one the reward's discount goes to, through `on`'s API. */
  const discountOnly = async (on: TestApp, product: { productId: string }): Promise<void> => {
    const set = await on.enterprise('POST', `/rewards/${rewardId}/actions/set-products`, {
      token,
      body: { products: [{ product_id: product.productId, reward_product_relation_type: 1 }] },
    });
    expect(set.status).toBe(204);
  };
  const expectDiscounted = (response: TestResponse): void => {
    expect(response.status).toBe(200);
    expect(response.body.data.vouchers.map((voucher: { code: string }) => voucher.code)).toEqual([voucherCode]);
  };
  const expectNoItemTakesIt = (response: TestResponse): void => {
    expect(response.status).toBe(400);
    expect(response.body.error.error_data.invalid_params[0]).toMatchObject({
      name: 'benefit_codes',
      reason: 'not_enough_items_for_voucher',
    });
  };

  beforeAll(async () => {
    t = await TestApp.create();
    sibling = await t.sibling();
    token = await t.enterpriseToken();
    customerId = (await t.createCustomer()).customerId;
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`))[0].store_id;
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    for (const product of [inCart, notInCart]) {
      await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Coffee')`, [product.productId]);
      await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ($1, $2, $3)`, [
        product.plu.list_code,
        product.plu.code,
        product.productId,
      ]);
    }
    // Both instances hold the rewards in memory before the reward is created.
    for (const instance of [t, sibling]) expect((await accept(instance, [])).status).toBe(200);
    const fixedDiscount = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'fixed_discount'`))[0]
      .reward_type_id;
    const created = await t.enterprise('POST', '/rewards/actions/create-simple-reward', {
      token,
      body: {
        simple_reward: {
          code: `CHANGE${hex().slice(0, 8)}`,
          names: [{ language_code: 'en', text: 'Two off' }],
          reward_type_id: fixedDiscount,
          reward_type_value: 2,
          voucher_validity: 'interval',
          voucher_validity_value: '7 days',
          global_reward: true,
          state: 1,
          voucher_code_generation_preference: 'A',
        },
      },
    });
    expect(created.status).toBe(201);
    rewardId = created.body.data.reward_id;
    const voucher = await t.enterprise('POST', `/rewards/${rewardId}/actions/create-voucher`, { token, body: { customer_id: customerId } });
    expect(voucher.status).toBe(201);
    voucherCode = (await t.dataSource.query(`SELECT code FROM vouchers WHERE voucher_id = $1`, [voucher.body.data.voucher_id]))[0].code;
  });

  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  it('a reward created through one instance applies at the next closure of both', async () => {
    expectDiscounted(await accept(t));
    expectDiscounted(await accept(sibling));
  });

  it('a change of the products a reward discounts applies at the next closure of both, whichever instance made it', async () => {
    await discountOnly(t, notInCart);
    expectNoItemTakesIt(await accept(t));
    expectNoItemTakesIt(await accept(sibling));

    await discountOnly(sibling, inCart);
    expectDiscounted(await accept(sibling));
    expectDiscounted(await accept(t));
  });
});
