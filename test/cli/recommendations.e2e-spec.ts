import { randomBytes } from 'node:crypto';
import { RecommendationTrainingService } from '../../src/modules/recommendations';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('tessera recommendations', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  const products = { bread: hex(), butter: hex(), jam: hex() };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'recommendations');
    for (const [name, productId] of Object.entries(products)) {
      await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, $2)`, [productId, name]);
    }
    const [store] = await t.dataSource.query(`SELECT store_id FROM stores WHERE store_code = 'default'`);
    const [currency] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    const [type] = await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`);
    const [itemType] = await t.dataSource.query(
      `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
    );
    // Three baskets of bread and butter and one of jam, recorded an hour ago, so the first run counts them.
    for (const basket of [
      [products.bread, products.butter],
      [products.bread, products.butter],
      [products.bread, products.butter],
      [products.jam],
    ]) {
      const purchaseId = hex();
      await t.dataSource.query(
        `INSERT INTO purchases (purchase_id, external_purchase_id, store_id, cashdesk_number, purchase_type_id, payment_type_id, currency_id,
                                payment_time, total_price, items_count, created_at)
         VALUES ($1, $2, $3, '1', $4, 'S', $5, now() - interval '1 day', 2, 2, now() - interval '1 hour')`,
        [purchaseId, `BILL-${purchaseId}`, store.store_id, type.purchase_type_id, currency.currency_id],
      );
      for (const [position, productId] of basket.entries()) {
        await t.dataSource.query(
          `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, purchase_item_type_id, price, paid_amount, amount, vat_rate)
           VALUES ($1, $2, $3, $4, $5, $6, 1, 1, 1, 21)`,
          [hex(), purchaseId, position + 1, String(position + 1), productId, itemType.purchase_item_type_id],
        );
      }
    }
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('reports that no model is trained yet', async () => {
    const run = await workspace.run(['recommendations', 'status']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^No model trained yet/);
  });

  it('trains a model that a running server answers with at once', async () => {
    const run = await workspace.run(['recommendations', 'train']);
    expect(run).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        /^Model 1 ready \(counted every purchase\): 4 purchases counted, 3 products ranked, 2 product links, [\d.]+ s\n$/,
      ),
      stderr: '',
    });
    const answer = await t.enterprise('POST', '/recommendation-engine/shopping-cart/actions/order', {
      token,
      body: { cart_product_ids: [products.bread], product_id_list: [products.jam, products.butter] },
    });
    expect(answer.body.data.recommended_products_list.map((p: { product_id: string }) => p.product_id)).toEqual([
      products.butter,
      products.jam,
    ]);
    expect((await workspace.run(['recommendations', 'status'])).stdout).toMatch(
      /^Model 1, trained .*: .*4 purchases, 3 products ranked, 2 product links\n$/,
    );
  });

  it('adds only new purchases unless asked to recount, and refuses a second run while one holds the lock', async () => {
    expect((await workspace.run(['recommendations', 'train'])).stdout).toMatch(
      /^Model 2 ready \(added new purchases\): 0 purchases counted/,
    );
    expect((await workspace.run(['recommendations', 'train', '--full'])).stdout).toMatch(
      /^Model 3 ready \(counted every purchase\): 4 purchases/,
    );

    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`SELECT pg_advisory_xact_lock(hashtext('recommendation-training'))`);
      const refused = await workspace.run(['recommendations', 'train']);
      expect(refused).toEqual({ code: 1, stdout: '', stderr: 'Another training run is in progress; try again when it has finished\n' });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('skips a scheduled run right after another run, and adds new purchases otherwise', async () => {
    const training = t.service(RecommendationTrainingService);
    expect(await training.trainOnSchedule(3600)).toBeNull();
    expect(await training.trainOnSchedule(0.001)).toMatchObject({ incremental: true });
  });

  it('rejects unknown subcommands and options', async () => {
    expect((await workspace.run(['recommendations', 'forget'])).code).toBe(2);
    expect((await workspace.run(['recommendations', 'train', '--fast'])).code).toBe(2);
  });
});
