import { randomBytes } from 'node:crypto';
import { DefinitionLifecycle, cliAuditActor } from '../../src/modules/audit';
import { EarningRuleDefinitionDto, EarningRuleDefinitionRepository } from '../../src/modules/loyalty';
import { ChangeFeed } from '../../src/platform/change-feed';
import { withStatements } from '../support/statement-capture';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/**
 * The round trips of closing a bill: counted as every statement sent to PostgreSQL on the pool's
 * connections (BEGIN and COMMIT included) while one request runs, after a warm-up request loaded the
 * in-memory definitions and the token. The change feed's sync notification, which each request sends
 * on its own listener connection, is left out.
 *
 * Measured: send-purchase takes 9 statements for both bills (BEGIN, customer lock, customer facts,
 * products, the named vouchers locked with the customer's reward segments, voucher writes, points
 * earned, purchase with items, links and its event, COMMIT), and 8 once the products its bill names are
 * in memory; it took 10 while the event was a statement of its own, 12 while property definitions were
 * read from SQL, and 31 and 35 before the closure became a flow. accept-payment takes 2 (customer facts,
 * vouchers with the customer's reward segments; 3 when it reads products, and it took 14). Property and
 * reward definitions come from memory.
 */
describe('Purchase closure statement budget (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let customerId: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  let rewardId: string;
  const plus = Array.from({ length: 20 }, () => hex());
  const ent = (path: string, body: unknown): Promise<TestResponse> => t.enterprise('POST', path, { token, body });

  const voucher = async (): Promise<string> => {
    const created = await ent(`/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId });
    if (created.status !== 201) throw new Error(`create-voucher failed: ${created.text}`);
    return (await t.dataSource.query(`SELECT code FROM vouchers WHERE voucher_id = $1`, [created.body.data.voucher_id]))[0].code;
  };
  const bill = (items: number) => {
    const lines = plus.slice(0, items).map((code, index) => ({
      plu_ids: [{ list_code: 'EAN', code }],
      plu_name: `Item ${index}`,
      vat_rate: 12,
      quantity: 1,
      price: 3,
      paid_amount: 3,
      bill_item_id: String(index + 1),
      loyalty_off: false,
      purchase_item_type_id: itemTypeId,
    }));
    return { bill_id: hex(), payment_time: new Date().toISOString(), currency_id: currencyId, total_price: 3 * items, bill_items: lines };
  };
  const sendBody = async (items: number, vouchers: number) => ({
    store_id: storeId,
    cashdesk_number: 1,
    customer_id: customerId,
    bill: {
      ...bill(items),
      purchase_type_id: purchaseTypeId,
      canceled: false,
      payment_type: 'S',
      payment_recap: { vouchers: await Promise.all(Array.from({ length: vouchers }, async () => ({ code: await voucher() }))) },
    },
  });
  const acceptBody = async (items: number, vouchers: number) => ({
    store_id: storeId,
    cashdesk_number: 1,
    customer_id: customerId,
    payment_type: 'S',
    benefit_codes: await Promise.all(Array.from({ length: vouchers }, () => voucher())),
    bill: bill(items),
  });

  /** The response to `path` and the statements the request sent on pool connections. */
  async function counted(path: string, body: unknown): Promise<{ response: TestResponse; statements: string[] }> {
    const { result: response, statements } = await withStatements(() => ent(path, body));
    return { response, statements };
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    customerId = (await t.createCustomer()).customerId;
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`))[0].store_id;
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    purchaseTypeId = (await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .purchase_type_id;
    rewardId = (
      await t.dataSource.query(
        `INSERT INTO rewards (reward_id, code, names, reward_group, reward_type_id, reward_type_value, valid_from, valid_to)
         SELECT $1, $2, jsonb_build_object('en', 'Euro off'), 1, reward_type_id, 1, current_date - 30, current_date + 30
           FROM reward_types WHERE text_id = 'fixed_discount' RETURNING reward_id`,
        [hex(), `STMT${hex().slice(0, 8)}`],
      )
    )[0].reward_id;
    // The warm-up learns all twenty products and loads the definitions and the token into memory.
    const warmUp = await ent('/purchases/actions/send-purchase', await sendBody(20, 3));
    if (warmUp.status !== 201) throw new Error(`warm-up failed: ${warmUp.text}`);
  });

  afterAll(() => t.close());

  it('send-purchase books a 5-item, 1-voucher bill in 9 statements, a 20-item, 3-voucher bill in as many, and 8 once its products are in memory', async () => {
    const small = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(small.response.status).toBe(201);
    const large = await counted('/purchases/actions/send-purchase', await sendBody(20, 3));
    expect(large.response.status).toBe(201);
    const earned = await t.dataSource.query(`SELECT earned_points::float AS points FROM purchases WHERE purchase_id = $1`, [
      small.response.body.data.purchase_id,
    ]);
    expect(earned[0].points).toBeGreaterThan(0);
    expect(large.statements).toHaveLength(small.statements.length);
    expect(small.statements).toHaveLength(9);
    const again = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(again.response.status).toBe(201);
    expect(again.statements).toHaveLength(8);
    expect(again.statements.some((statement) => statement.includes('product_plu_ids'))).toBe(false);
  });

  it('books the product as it is now once it changed behind the API (the memory of bill products follows the change feed)', async () => {
    await ent('/purchases/actions/send-purchase', await sendBody(5, 1));
    await t.dataSource.query(
      `UPDATE products SET name = 'Renamed behind the API' WHERE product_id = (SELECT product_id FROM product_plu_ids WHERE list_code = 'EAN' AND code = $1)`,
      [plus[0]],
    );
    await t.service(ChangeFeed).sync();
    const renamed = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(renamed.response.status).toBe(201);
    expect(renamed.statements.some((statement) => statement.includes('product_plu_ids'))).toBe(true);
    const [item] = await t.dataSource.query(`SELECT product_name FROM purchase_items WHERE purchase_id = $1 AND position = 0`, [
      renamed.response.body.data.purchase_id,
    ]);
    expect(item.product_name).toBe('Renamed behind the API');
    const after = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(after.statements.some((statement) => statement.includes('product_plu_ids'))).toBe(false);
  });

  it('accept-payment calculates a 5-item, 1-voucher bill of products in memory in 2 statements, and a 20-item, 3-voucher bill in as many', async () => {
    // Its products, dropped from memory by the rename above, are read once.
    await ent('/purchases/actions/accept-payment', await acceptBody(20, 3));
    const small = await counted('/purchases/actions/accept-payment', await acceptBody(5, 1));
    expect(small.response.status).toBe(200);
    expect(small.response.body.data.vouchers.length).toBeGreaterThan(0);
    const large = await counted('/purchases/actions/accept-payment', await acceptBody(20, 3));
    expect(large.response.status).toBe(200);
    expect(small.statements).toHaveLength(2);
    expect(large.statements).toHaveLength(small.statements.length);
  });

  it('send-purchase takes no more statements with 100 earning rules that grant nothing, and one per point record a rule grants', async () => {
    const define = (rule: object) =>
      t
        .service(DefinitionLifecycle)
        .create(cliAuditActor('earning-rule define'), t.service(EarningRuleDefinitionRepository), rule as EarningRuleDefinitionDto);
    for (let index = 0; index < 100; index++) {
      await define({
        code: `elsewhere-${index}`,
        name: 'Another store',
        priority: index,
        stacking: index % 2 === 0 ? 'cumulative' : 'exclusive',
        conditions: { store_ids: [`store-${index}`] },
        effects: [{ kind: 'fixed_points', points: 5 }],
        limits: { budget_points: 1000 },
      });
    }
    await t.service(ChangeFeed).sync();
    const warmUp = await ent('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(warmUp.status).toBe(201);
    const unmatched = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(unmatched.response.status).toBe(201);
    expect(unmatched.statements).toHaveLength(8);

    await define({
      code: 'everyone',
      name: 'Five points a bill',
      priority: 0,
      stacking: 'cumulative',
      effects: [{ kind: 'fixed_points', points: 5 }],
    });
    await t.service(ChangeFeed).sync();
    await ent('/purchases/actions/send-purchase', await sendBody(5, 1));
    const granted = await counted('/purchases/actions/send-purchase', await sendBody(5, 1));
    expect(granted.response.status).toBe(201);
    expect(granted.statements).toHaveLength(9);
  });
});
