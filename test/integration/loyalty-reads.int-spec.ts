import { randomBytes } from 'node:crypto';
import { ApiInterface, ApiUserActor, PageRequest } from '@tessera/http';
import { CardLookupService, CardService, RewardService, VoucherService } from '../../src/modules/loyalty';
import { withStatements as captureStatements } from '../support/statement-capture';
import { TestApp, TestCustomer } from '../support/test-app';

/** Statements of a read after it ran once, so pools and snapshots are warm. */
const withStatements = <T>(work: () => Promise<T>) => captureStatements(work, { warmUp: true });

const hex = () => randomBytes(16).toString('hex');

/** The statements of the loyalty reads a page shows, counted on the pool's connections after a warm-up call. */
describe('Loyalty reads (services)', () => {
  let t: TestApp;
  let customer: TestCustomer;
  const actor: ApiUserActor = {
    kind: 'api_user',
    interface: ApiInterface.Enterprise,
    userId: 'u',
    applicationId: 'a',
    sessionId: 's',
    storeId: null,
  };
  const page: PageRequest<never> = { limit: 2, offset: 0, sortDirection: 'ASC' };

  beforeAll(async () => {
    t = await TestApp.create();
    customer = await t.createCustomer();
  });
  afterAll(() => t.close());

  describe('vouchers', () => {
    let vouchers: VoucherService;

    beforeAll(async () => {
      vouchers = t.service(VoucherService);
      const storeId = (await t.dataSource.query(`SELECT store_id FROM stores LIMIT 1`))[0].store_id;
      const typeId = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`))[0]
        .reward_type_id;
      const rewardId = await t.service(RewardService).define({
        code: `READ${hex().slice(0, 8)}`,
        names: { en: 'Mug' },
        rewardGroup: 1,
        rewardTypeId: typeId,
        pointsCost: 0,
        voucherValidity: 'interval',
        voucherValidityValue: '30 days',
        stores: [{ storeId }],
      });
      for (let index = 0; index < 3; index++) {
        await t.dataSource.query(`INSERT INTO vouchers (voucher_id, reward_id, customer_id, code) VALUES ($1, $2, $3, $4)`, [
          hex(),
          rewardId,
          customer.customerId,
          `READ-${hex().slice(0, 10)}`,
        ]);
      }
    });

    it("takes one statement for a page of a customer's vouchers with their rewards' stores, and the total", async () => {
      const { result, statements } = await withStatements(() => vouchers.listForCustomer(actor, customer.customerId, {}, page));
      expect(statements).toHaveLength(1);
      expect(result.total).toBe(3);
      expect(result.items).toHaveLength(2);
      expect(result.items[0].reward.stores).toHaveLength(1);
    });

    it('answers an unknown customer from that statement', async () => {
      const { result, statements } = await withStatements(() =>
        vouchers.listForCustomer(actor, hex(), {}, page).catch((error: { code: string }) => error.code),
      );
      expect(statements).toHaveLength(1);
      expect(result).toBe('record_not_found');
    });

    it('takes one statement for a page of all vouchers, even past the end', async () => {
      const { result, statements } = await withStatements(() =>
        vouchers.list(actor, { customer_id: customer.customerId }, { ...page, offset: 9 }),
      );
      expect(statements).toHaveLength(1);
      expect(result).toEqual({ items: [], total: 3 });
    });

    it('takes one statement for one voucher', async () => {
      const [first] = (await vouchers.listForCustomer(actor, customer.customerId, {}, page)).items;
      const { result, statements } = await withStatements(() => vouchers.get(actor, first.voucher.id));
      expect(statements).toHaveLength(1);
      expect(result.voucher.code).toBe(first.voucher.code);
    });
  });

  describe('cards', () => {
    let cards: CardService;

    beforeAll(async () => {
      cards = t.service(CardService);
      await t.service(CardLookupService).issueCard(customer.customerId, `8${Date.now()}`);
    });

    it("takes one statement for a page of a customer's cards and the total", async () => {
      const { result, statements } = await withStatements(() =>
        cards.listForCustomer(actor, customer.customerId, {}, { ...page, limit: 1 }),
      );
      expect(statements).toHaveLength(1);
      expect(result.total).toBe(2);
      expect(result.items).toHaveLength(1);
    });

    it('answers an unknown customer from that statement', async () => {
      const { result, statements } = await withStatements(() =>
        cards.listForCustomer(actor, hex(), {}, page).catch((error: { code: string }) => error.code),
      );
      expect(statements).toHaveLength(1);
      expect(result).toBe('record_not_found');
    });

    it('takes one statement for a page of all cards, even past the end', async () => {
      const { result, statements } = await withStatements(() =>
        cards.list(actor, { customerId: customer.customerId }, { ...page, offset: 5 }),
      );
      expect(statements).toHaveLength(1);
      expect(result).toEqual({ items: [], total: 2 });
    });
  });
});
