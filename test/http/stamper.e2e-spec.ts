import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { StamperCampaignDefinitionRepository, StamperCampaignService, type StamperCampaignDefinition } from '../../src/modules/stamper';
import { withStatements } from '../support/statement-capture';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

interface Plu {
  list_code: string;
  code: string;
}

describe('Stamp cards (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let otherPartnerId: string;
  let storeId: string;
  let otherPartnerStoreId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  let cardRewardId: string;
  let checkpointRewardId: string;
  const plus: Record<'coffee' | 'cake' | 'bagel' | 'tea' | 'juice', Plu> = {} as never;
  const products: Record<keyof typeof plus, string> = {} as never;
  const campaigns: Record<'coffee' | 'cake' | 'bagel' | 'tea' | 'amount' | 'gone' | 'over' | 'later', string> = {} as never;
  let coffeeCondition: string;
  let coffeeCheckpoint: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;

  const ent = (path: string, query?: Record<string, string | string[]>, headers?: Record<string, string>): Promise<TestResponse> =>
    t.enterprise('GET', path, { token, query, headers });
  const asJane = (path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t.customer('GET', path, { token: janeDevice, query });
  const invalidParam = (response: TestResponse) => response.body.error?.error_data?.invalid_params?.[0];
  const rows = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t.dataSource.query(sql, params);

  const line = (plu: Plu, quantity = 1, price = 3) => ({
    plu_ids: [plu],
    plu_name: 'Item',
    vat_rate: 12,
    quantity,
    price: price * quantity,
    paid_amount: price * quantity,
    bill_item_id: hex().slice(0, 8),
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  /** Books a bill of the lines for the customer (or anonymously); returns its bill_id and purchase id. */
  async function buy(
    customerId: string | null,
    lines: ReturnType<typeof line>[],
    options: { store?: string; paymentTime?: string } = {},
  ): Promise<{ billId: string; purchaseId: string }> {
    const billId = hex();
    const response = await t.enterprise('POST', '/purchases/actions/send-purchase', {
      token,
      body: {
        store_id: options.store ?? storeId,
        cashdesk_number: 1,
        ...(customerId ? { customer_id: customerId } : {}),
        bill: {
          bill_id: billId,
          payment_time: options.paymentTime ?? new Date().toISOString(),
          currency_id: currencyId,
          total_price: lines.reduce((sum, item) => sum + item.paid_amount, 0),
          bill_items: lines,
          purchase_type_id: purchaseTypeId,
          canceled: false,
          payment_type: 'S',
        },
      },
    });
    if (response.status !== 201) throw new Error(`send-purchase failed: ${response.status} ${response.text}`);
    return { billId, purchaseId: response.body.data.purchase_id };
  }
  async function cancel(billId: string): Promise<void> {
    const response = await t.enterprise('POST', '/purchases/actions/send-purchase', {
      token,
      body: {
        store_id: storeId,
        cashdesk_number: 1,
        bill: {
          bill_id: hex(),
          bill_number: billId,
          payment_time: new Date().toISOString(),
          currency_id: currencyId,
          total_price: 3,
          bill_items: [line(plus.juice)],
          purchase_type_id: purchaseTypeId,
          canceled: true,
          payment_type: 'S',
        },
      },
    });
    if (response.status !== 201) throw new Error(`cancellation failed: ${response.status} ${response.text}`);
  }
  const cardsOf = (customerId: string, campaignId: string) =>
    rows<{ stamper_card_id: string; card_order: number; stamp_total: number; filled_up: boolean }>(
      `SELECT stamper_card_id, card_order, stamp_total, filled_up FROM stamper_cards
        WHERE customer_id = $1 AND stamper_campaign_id = $2 ORDER BY card_order`,
      [customerId, campaignId],
    );
  /** The vouchers a campaign's cards issued to the customer, with what they were issued for. */
  const cardVouchers = (customerId: string, campaignId: string) =>
    rows<{ voucher_id: string; card_order: number; checkpoint: string | null; reward_id: string; points_cost: number }>(
      `SELECT v.voucher_id, k.card_order, l.stamper_bonus_checkpoint_id AS checkpoint, v.reward_id, v.points_cost::float AS points_cost
         FROM stamper_card_vouchers l JOIN stamper_cards k USING (stamper_card_id) JOIN vouchers v USING (voucher_id)
        WHERE k.customer_id = $1 AND k.stamper_campaign_id = $2 AND v.customer_id = $1
        ORDER BY k.card_order, l.stamper_bonus_checkpoint_id NULLS LAST`,
      [customerId, campaignId],
    );
  const stampsOf = (customerId: string, campaignId: string) =>
    rows<{ stamp_id: string; stamper_card_id: string | null; stamp_order: number | null; state: number; purchase_id: string }>(
      `SELECT stamp_id, stamper_card_id, stamp_order, state, purchase_id FROM stamper_stamps
        WHERE customer_id = $1 AND stamper_campaign_id = $2 ORDER BY seq`,
      [customerId, campaignId],
    );

  async function product(name: string): Promise<[string, Plu]> {
    const productId = hex();
    const plu = { list_code: 'EAN', code: hex() };
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, $2)`, [productId, name]);
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ($1, $2, $3)`, [
      plu.list_code,
      plu.code,
      productId,
    ]);
    return [productId, plu];
  }
  const define = (definition: Partial<StamperCampaignDefinition> & { productKey?: keyof typeof plus }): Promise<string> => {
    const { productKey, ...rest } = definition;
    return t.service(StamperCampaignService).define(
      {
        names: { en: 'Campaign' },
        descriptions: {},
        stampCount: 3,
        repetitions: 1,
        rewardId: cardRewardId,
        conditions: [{ descriptions: { en: 'Buy one' }, relatedTo: 'product', relatedIds: [products[productKey ?? 'coffee']] }],
        checkpoints: [],
        ...rest,
      },
      t.dataSource.manager,
    );
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    partnerId = (await rows<{ partner_id: string }>(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    otherPartnerId = hex();
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Bakery partner')`, [otherPartnerId]);
    [storeId, otherPartnerStoreId] = [hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES
         ($1, $3, 'Stamp store', $5, 'pos-1'), ($2, $4, 'Bakery store', $6, 'pos-1')`,
      [storeId, otherPartnerStoreId, `SA${storeId.slice(0, 6)}`, `SB${otherPartnerStoreId.slice(0, 6)}`, partnerId, otherPartnerId],
    );
    currencyId = (await rows<{ currency_id: string }>(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (
      await rows<{ id: string }>(`SELECT purchase_item_type_id AS id FROM purchase_item_types WHERE text_id = 'store_transaction'`)
    )[0].id;
    purchaseTypeId = (await rows<{ id: string }>(`SELECT purchase_type_id AS id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .id;
    const fixed = (await rows<{ id: string }>(`SELECT reward_type_id AS id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].id;
    const reward = (code: string) =>
      t.service(RewardService).define({
        code,
        names: { en: code },
        rewardGroup: 1,
        rewardTypeId: fixed,
        rewardTypeValue: 2,
        pointsCost: 50,
        voucherValidity: 'interval',
        voucherValidityValue: '30 days',
      });
    cardRewardId = await reward(`FULL${hex().slice(0, 6)}`);
    checkpointRewardId = await reward(`HALF${hex().slice(0, 6)}`);
    for (const key of Object.keys({ coffee: 0, cake: 0, bagel: 0, tea: 0, juice: 0 }) as (keyof typeof plus)[]) {
      [products[key], plus[key]] = await product(key);
    }
    const service = t.service(StamperCampaignService);
    campaigns.coffee = await define({
      names: { en: 'Coffee card', cs: 'Kávová karta' },
      descriptions: { en: 'Three coffees, one free', cs: 'Tři kávy, jedna zdarma' },
      stampCount: 3,
      repetitions: 2,
      validFrom: '2020-01-01 00:00:00',
      conditions: [{ descriptions: { en: 'Buy a coffee', cs: 'Kupte kávu' }, relatedTo: 'product', relatedIds: [products.coffee] }],
      checkpoints: [{ descriptions: { en: 'Second coffee: a cookie' }, stampNumber: 2, rewardId: checkpointRewardId }],
    });
    const coffee = await service.get({ kind: 'api_user' } as never, campaigns.coffee);
    coffeeCondition = coffee.conditions[0].id;
    coffeeCheckpoint = coffee.checkpoints[0].id;
    campaigns.cake = await define({ names: { en: 'Cake card' }, stampCount: 2, repetitions: 1, productKey: 'cake' });
    campaigns.bagel = await define({ names: { en: 'Bagel card' }, stampCount: 5, repetitions: 1, productKey: 'bagel' });
    campaigns.tea = await define({ names: { en: 'Tea card' }, stampCount: 3, repetitions: 1, productKey: 'tea' });
    campaigns.amount = await define({
      names: { en: 'Bakery spend card' },
      partnerId: otherPartnerId,
      stampCount: 10,
      repetitions: 1,
      conditions: [
        { descriptions: { en: 'Every 10 EUR' }, relatedTo: 'purchase_amount', relatedIds: [], minimumAmount: 10, maxStampsPerPurchase: 2 },
      ],
    });
    campaigns.gone = await define({ names: { en: 'Removed juice card' }, productKey: 'juice' });
    await t.service(StamperCampaignDefinitionRepository).setState(campaigns.gone, 0, t.dataSource.manager);
    campaigns.over = await define({
      names: { en: 'Old juice card' },
      validFrom: '2020-01-01 00:00:00',
      validTo: '2020-12-31 23:59:59',
      productKey: 'juice',
    });
    campaigns.later = await define({ names: { en: 'Future juice card' }, validFrom: '2099-01-01 00:00:00', productKey: 'juice' });
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
  });

  afterAll(() => t.close());

  describe('GET /stamper-campaigns', () => {
    const names = (response: TestResponse): string[] =>
      response.body.data.stamper_campaigns.map((campaign: { name: string }) => campaign.name).sort();

    it('answers a campaign in the StamperCampaign shape, texts in the negotiated language', async () => {
      const en = await ent(`/stamper-campaigns/${campaigns.coffee}`);
      expect(en.status).toBe(200);
      expect(en.body.data).toEqual({
        stamper_campaign_id: campaigns.coffee,
        name: 'Coffee card',
        description: 'Three coffees, one free',
        stamp_count: 3,
        valid_from: '2020-01-01 00:00:00',
        count_of_campaign_repetitions: 2,
        stamper_conditions: [{ stamper_condition_id: coffeeCondition, description: 'Buy a coffee' }],
        stamper_bonus_checkpoints: [
          { stamper_bonus_checkpoint_id: coffeeCheckpoint, description: 'Second coffee: a cookie', stamp_number: 2 },
        ],
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
      const cs = await t.customer('GET', `/stamper-campaigns/${campaigns.coffee}`, {
        token: anonymousDevice,
        headers: { 'accept-language': 'cs-CZ, en;q=0.5' },
      });
      expect(cs.body.data).toMatchObject({ name: 'Kávová karta', description: 'Tři kávy, jedna zdarma' });
      // A checkpoint text without Czech falls back to the default language.
      expect(cs.body.data.stamper_bonus_checkpoints[0].description).toBe('Second coffee: a cookie');
      expect((await ent(`/stamper-campaigns/${campaigns.amount}`)).body.data.partner_id).toBe(otherPartnerId);
    });

    it('shows removed campaigns on the Enterprise interface only; any device token may read the rest', async () => {
      expect((await ent(`/stamper-campaigns/${campaigns.gone}`)).body.data.state).toBe(0);
      const hidden = await t.customer('GET', `/stamper-campaigns/${campaigns.gone}`, { token: anonymousDevice });
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.error_data).toMatchObject({ resource_name: 'stamper-campaigns', resource_id: campaigns.gone });
      expect((await ent(`/stamper-campaigns/${hex()}`)).status).toBe(404);
      const all = await ent('/stamper-campaigns');
      expect(all.body.data.total_items).toBe(8);
      const visible = await t.customer('GET', '/stamper-campaigns', { token: anonymousDevice });
      expect(visible.body.data.total_items).toBe(7);
      expect(names(visible)).not.toContain('Removed juice card');
    });

    it('filters by part of the name, partner, validity now and a validity range', async () => {
      expect(names(await ent('/stamper-campaigns', { name: 'JUICE' }))).toEqual([
        'Future juice card',
        'Old juice card',
        'Removed juice card',
      ]);
      expect(names(await ent('/stamper-campaigns', { name: 'kávová' }))).toEqual(['Coffee card']);
      expect(names(await ent('/stamper-campaigns', { partner_id: otherPartnerId }))).toEqual(['Bakery spend card']);
      expect(names(await ent('/stamper-campaigns', { is_valid: 'false' }))).toEqual(['Future juice card', 'Old juice card']);
      expect(await ent('/stamper-campaigns', { is_valid: 'true' }).then((r) => r.body.data.total_items)).toBe(6);
      expect(
        names(await ent('/stamper-campaigns', { valid_from: '2020-06-01 00:00:00', valid_to: '2020-06-30 00:00:00', name: 'juice' })),
      ).toEqual(['Old juice card', 'Removed juice card']);
      expect(names(await ent('/stamper-campaigns', { valid_from: '2021-01-01T00:00:00Z', name: 'juice' }))).toEqual([
        'Future juice card',
        'Removed juice card',
      ]);
    });

    it('pages and sorts with an id tie-break, and refuses bad list parameters', async () => {
      const sorted = await ent('/stamper-campaigns', { sort_field: 'stamp_count', sort_direction: 'DESC', count: '2', offset: '0' });
      expect(sorted.body.data.total_items).toBe(8);
      expect(sorted.body.data.stamper_campaigns.map((c: { stamp_count: number }) => c.stamp_count)).toEqual([10, 5]);
      const everything = (await ent('/stamper-campaigns', { sort_field: 'valid_to' })).body.data.stamper_campaigns;
      const paged = [];
      for (let offset = 0; offset < 8; offset += 3) {
        paged.push(
          ...(await ent('/stamper-campaigns', { sort_field: 'valid_to', count: '3', offset: String(offset) })).body.data.stamper_campaigns,
        );
      }
      expect(paged.map((c: { stamper_campaign_id: string }) => c.stamper_campaign_id)).toEqual(
        everything.map((c: { stamper_campaign_id: string }) => c.stamper_campaign_id),
      );
      expect(everything[0].valid_to).toBe('2020-12-31 23:59:59');
      for (const [query, name, reason] of [
        [{ is_valid: 'maybe' }, 'is_valid', 'invalid_value_format'],
        [{ valid_from: 'yesterday' }, 'valid_from', 'invalid_value_format'],
        [{ sort_field: 'name' }, 'sort_field', 'not_allowed_value'],
        [{ count: '0' }, 'count', 'invalid_value_format'],
      ] as const) {
        const refused = await ent('/stamper-campaigns', query);
        expect({ status: refused.status, param: invalidParam(refused) }).toEqual({
          status: 400,
          param: expect.objectContaining({ name, reason }),
        });
      }
    });
  });

  describe('collecting stamps', () => {
    it('fills a card by purchases, issues exactly one voucher for it and one for its checkpoint, and caps the cards', async () => {
      const customer = await t.createCustomer();
      const first = await buy(customer.customerId, [line(plus.coffee), line(plus.juice)]);
      let cards = await cardsOf(customer.customerId, campaigns.coffee);
      expect(cards).toEqual([{ stamper_card_id: expect.any(String), card_order: 1, stamp_total: 1, filled_up: false }]);
      // Two coffee lines count once: a condition earns one stamp per purchase unless the operator allows more.
      await buy(customer.customerId, [line(plus.coffee), line(plus.coffee, 2)]);
      expect(await cardVouchers(customer.customerId, campaigns.coffee)).toEqual([
        { voucher_id: expect.any(String), card_order: 1, checkpoint: coffeeCheckpoint, reward_id: checkpointRewardId, points_cost: 0 },
      ]);
      await buy(customer.customerId, [line(plus.coffee)]);
      cards = await cardsOf(customer.customerId, campaigns.coffee);
      expect(cards).toEqual([{ stamper_card_id: expect.any(String), card_order: 1, stamp_total: 3, filled_up: true }]);
      expect((await cardVouchers(customer.customerId, campaigns.coffee)).map((v) => [v.card_order, v.reward_id])).toEqual([
        [1, checkpointRewardId],
        [1, cardRewardId],
      ]);
      // The vouchers cost the customer nothing and are usable like any other.
      const voucher = await ent(`/vouchers/${(await cardVouchers(customer.customerId, campaigns.coffee))[1].voucher_id}`);
      expect(voucher.body.data).toMatchObject({
        customer_id: customer.customerId,
        reward: expect.objectContaining({ reward_id: cardRewardId }),
      });
      expect(voucher.body.data.valid_to).toBeDefined();

      for (let n = 0; n < 4; n++) await buy(customer.customerId, [line(plus.coffee)]);
      cards = await cardsOf(customer.customerId, campaigns.coffee);
      expect(cards.map((card) => [card.card_order, card.stamp_total, card.filled_up])).toEqual([
        [1, 3, true],
        [2, 3, true],
      ]);
      // Past the two repetitions the stamp is kept without a place.
      const stamps = await stampsOf(customer.customerId, campaigns.coffee);
      expect(stamps.map((stamp) => stamp.stamp_order)).toEqual([1, 2, 3, 1, 2, 3, null]);
      expect(stamps[6].stamper_card_id).toBeNull();
      expect(stamps[0].purchase_id).toBe(first.purchaseId);
      expect(await cardVouchers(customer.customerId, campaigns.coffee)).toHaveLength(4);
      const placeless = await ent(`/stamps/${stamps[6].stamp_id}`);
      expect(placeless.body.data).toEqual({
        stamp_id: stamps[6].stamp_id,
        customer_id: customer.customerId,
        purchase_id: expect.any(String),
        stamper_condition_id: coffeeCondition,
        created_at: expect.any(String),
        last_change: expect.any(String),
        state: 1,
      });
    });

    it('costs no statement when no campaign is met, and two when a stamp is earned', async () => {
      const customer = await t.createCustomer();
      await buy(customer.customerId, [line(plus.juice)]);
      const plain = await withStatements(() => buy(customer.customerId, [line(plus.juice)]));
      expect(plain.statements.filter((sql) => sql.includes('stamper'))).toEqual([]);
      for (const stamped of [
        await withStatements(() => buy(customer.customerId, [line(plus.bagel)])),
        await withStatements(() => buy(customer.customerId, [line(plus.bagel)])),
      ]) {
        expect(stamped.statements.filter((sql) => sql.includes('stamper'))).toEqual([
          expect.stringContaining('FROM stamper_cards'),
          expect.stringContaining('INSERT INTO stamper_stamps'),
        ]);
        // Products come from memory once read; the first bill naming one reads them, whatever stamps cost.
        const besidesProducts = (statements: string[]) => statements.filter((sql) => !sql.includes('product_plu_ids'));
        expect(besidesProducts(stamped.statements)).toHaveLength(besidesProducts(plain.statements).length + 2);
      }
      expect((await stampsOf(customer.customerId, campaigns.bagel)).map((stamp) => stamp.stamp_order)).toEqual([1, 2]);
    });

    it('issues one voucher per card when purchases of one customer arrive at once', async () => {
      const customer = await t.createCustomer();
      await Promise.all(Array.from({ length: 6 }, () => buy(customer.customerId, [line(plus.cake)])));
      const cards = await cardsOf(customer.customerId, campaigns.cake);
      expect(cards).toEqual([{ stamper_card_id: expect.any(String), card_order: 1, stamp_total: 2, filled_up: true }]);
      expect(await cardVouchers(customer.customerId, campaigns.cake)).toHaveLength(1);
      const stamps = await stampsOf(customer.customerId, campaigns.cake);
      expect(stamps.map((stamp) => stamp.stamp_order)).toEqual([1, 2, null, null, null, null]);
      const vouchers = await rows(`SELECT 1 FROM vouchers WHERE customer_id = $1 AND reward_id = $2`, [customer.customerId, cardRewardId]);
      expect(vouchers).toHaveLength(1);
    });

    it('counts purchase amounts up to the cap, only in the stores of the campaign partner', async () => {
      const customer = await t.createCustomer();
      await buy(customer.customerId, [line(plus.juice, 1, 35)]);
      expect(await stampsOf(customer.customerId, campaigns.amount)).toHaveLength(0);
      await buy(customer.customerId, [line(plus.juice, 1, 35)], { store: otherPartnerStoreId });
      await buy(customer.customerId, [line(plus.juice, 1, 12.5)], { store: otherPartnerStoreId });
      expect((await stampsOf(customer.customerId, campaigns.amount)).map((stamp) => stamp.stamp_order)).toEqual([1, 2, 3]);
    });

    it('earns nothing in removed, expired or future campaigns, on a blocked card, or for an anonymous bill', async () => {
      const customer = await t.createCustomer();
      await buy(customer.customerId, [line(plus.juice)]);
      expect(await rows(`SELECT 1 FROM stamper_stamps WHERE customer_id = $1`, [customer.customerId])).toHaveLength(0);
      // A bill paid while a campaign was valid counts, even when it is booked later.
      await buy(customer.customerId, [line(plus.juice)], { paymentTime: '2020-06-01T12:00:00Z' });
      expect(await stampsOf(customer.customerId, campaigns.over)).toHaveLength(1);

      await buy(customer.customerId, [line(plus.bagel)]);
      const [card] = await cardsOf(customer.customerId, campaigns.bagel);
      await t.dataSource.query(`UPDATE stamper_cards SET state = 0 WHERE stamper_card_id = $1`, [card.stamper_card_id]);
      await buy(customer.customerId, [line(plus.bagel)]);
      expect(await stampsOf(customer.customerId, campaigns.bagel)).toHaveLength(1);
      expect(await cardsOf(customer.customerId, campaigns.bagel)).toEqual([{ ...card, stamp_total: 1 }]);

      const before = await rows(`SELECT count(*)::int AS n FROM stamper_stamps`);
      await buy(null, [line(plus.coffee)]);
      expect(await rows(`SELECT count(*)::int AS n FROM stamper_stamps`)).toEqual(before);
    });

    it('takes a cancelled purchase stamps back, withdrawing the unused voucher and keeping a used one', async () => {
      const customer = await t.createCustomer();
      await buy(customer.customerId, [line(plus.tea)]);
      const second = await buy(customer.customerId, [line(plus.tea)]);
      const third = await buy(customer.customerId, [line(plus.tea)]);
      const [fullVoucher] = await cardVouchers(customer.customerId, campaigns.tea);
      expect(fullVoucher).toMatchObject({ card_order: 1, checkpoint: null });

      // The card is no longer full: its unused voucher is withdrawn.
      await cancel(third.billId);
      const stamps = await stampsOf(customer.customerId, campaigns.tea);
      expect(stamps.map((stamp) => [stamp.stamp_order, stamp.state])).toEqual([
        [1, 1],
        [2, 1],
        [null, 0],
      ]);
      expect(await cardsOf(customer.customerId, campaigns.tea)).toEqual([expect.objectContaining({ stamp_total: 2, filled_up: false })]);
      expect(await cardVouchers(customer.customerId, campaigns.tea)).toEqual([]);
      expect(await rows(`SELECT 1 FROM vouchers WHERE voucher_id = $1`, [fullVoucher.voucher_id])).toEqual([]);
      const deleted = await ent(`/stamps/${stamps[2].stamp_id}`);
      expect(deleted.body.data).toMatchObject({ state: 0, stamper_card_id: stamps[2].stamper_card_id });
      expect(deleted.body.data.stamp_order).toBeUndefined();

      // Filled again, it issues a new voucher; once that is used, a cancellation leaves it with the customer.
      await buy(customer.customerId, [line(plus.tea)]);
      const [again] = await cardVouchers(customer.customerId, campaigns.tea);
      expect(again.voucher_id).not.toBe(fullVoucher.voucher_id);
      await t.dataSource.query(`UPDATE vouchers SET applied_at = now() WHERE voucher_id = $1`, [again.voucher_id]);
      await cancel(second.billId);
      expect((await stampsOf(customer.customerId, campaigns.tea)).map((stamp) => [stamp.stamp_order, stamp.state])).toEqual([
        [1, 1],
        [null, 0],
        [null, 0],
        [2, 1],
      ]);
      expect(await cardVouchers(customer.customerId, campaigns.tea)).toEqual([again]);
      // Refilling the card does not issue the kept voucher a second time.
      await buy(customer.customerId, [line(plus.tea)]);
      expect(await cardsOf(customer.customerId, campaigns.tea)).toEqual([expect.objectContaining({ stamp_total: 3, filled_up: true })]);
      expect(await cardVouchers(customer.customerId, campaigns.tea)).toEqual([again]);
    });
  });

  describe('a card voucher given back by a cancelled purchase', () => {
    it('counts as used: cancelling the purchase that filled the card keeps it', async () => {
      const customer = await t.createCustomer();
      const filling = await buy(customer.customerId, [line(plus.cake)]);
      await buy(customer.customerId, [line(plus.cake)]);
      const [voucher] = await cardVouchers(customer.customerId, campaigns.cake);
      const [{ code }] = await rows<{ code: string }>(`SELECT code FROM vouchers WHERE voucher_id = $1`, [voucher.voucher_id]);
      const billId = hex();
      const used = await t.enterprise('POST', '/purchases/actions/send-purchase', {
        token,
        body: {
          store_id: storeId,
          cashdesk_number: 1,
          customer_id: customer.customerId,
          bill: {
            bill_id: billId,
            payment_time: new Date().toISOString(),
            currency_id: currencyId,
            total_price: 6,
            bill_items: [line(plus.juice, 2)],
            purchase_type_id: purchaseTypeId,
            canceled: false,
            payment_type: 'S',
            payment_recap: { vouchers: [{ code }] },
          },
        },
      });
      expect(used.status).toBe(201);
      await cancel(billId);
      expect(await rows(`SELECT applied_at FROM vouchers WHERE voucher_id = $1`, [voucher.voucher_id])).toEqual([{ applied_at: null }]);
      await cancel(filling.billId);
      expect(await cardsOf(customer.customerId, campaigns.cake)).toEqual([expect.objectContaining({ stamp_total: 1, filled_up: false })]);
      expect(await cardVouchers(customer.customerId, campaigns.cake)).toEqual([voucher]);
    });
  });

  describe('GET /stamper-cards and /stamps', () => {
    let maxCard: string;
    let maxStamp: string;

    beforeAll(async () => {
      await buy(jane.customerId, [line(plus.coffee), line(plus.cake)]);
      await buy(jane.customerId, [line(plus.coffee)]);
      await buy(jane.customerId, [line(plus.coffee)]);
      await buy(jane.customerId, [line(plus.coffee)]);
      await buy(max.customerId, [line(plus.coffee)]);
      [{ stamper_card_id: maxCard }] = await cardsOf(max.customerId, campaigns.coffee);
      [{ stamp_id: maxStamp }] = await stampsOf(max.customerId, campaigns.coffee);
    });

    const cardIds = (response: TestResponse): string[] =>
      response.body.data.stamper_cards.map((card: { stamper_card_id: string }) => card.stamper_card_id).sort();

    it('answers a card in the StamperCard shape with its stamps in their places', async () => {
      const [full] = await cardsOf(jane.customerId, campaigns.coffee);
      const card = await asJane(`/stamper-cards/${full.stamper_card_id}`);
      expect(card.status).toBe(200);
      expect(card.body.data).toEqual({
        stamper_card_id: full.stamper_card_id,
        stamper_campaign_id: campaigns.coffee,
        customer_id: jane.customerId,
        stamper_card_order: 1,
        is_filled_up: true,
        stamps: [1, 2, 3].map((order) => ({
          stamp_id: expect.any(String),
          customer_id: jane.customerId,
          purchase_id: expect.any(String),
          stamper_card_id: full.stamper_card_id,
          stamp_order: order,
          stamper_condition_id: coffeeCondition,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          last_change: expect.any(String),
          state: 1,
        })),
        created_at: expect.any(String),
        last_change: expect.any(String),
        state: 1,
      });
    });

    it('filters cards by campaign (both array forms), state and filled_up in any letter case', async () => {
      const [full, open] = (await cardsOf(jane.customerId, campaigns.coffee)).map((card) => card.stamper_card_id);
      const [cake] = (await cardsOf(jane.customerId, campaigns.cake)).map((card) => card.stamper_card_id);
      expect(cardIds(await asJane('/stamper-cards'))).toEqual([full, open, cake].sort());
      expect(cardIds(await asJane('/stamper-cards', { stamper_campaign_id: campaigns.cake }))).toEqual([cake]);
      expect(cardIds(await asJane('/stamper-cards', { 'stamper_campaign_id[]': [campaigns.cake, campaigns.bagel] }))).toEqual([cake]);
      expect(cardIds(await asJane('/stamper-cards', { 'stamper_campaign_id[]': [campaigns.coffee, campaigns.cake] }))).toEqual(
        [full, open, cake].sort(),
      );
      expect(cardIds(await asJane('/stamper-cards', { 'stamper_campaign_id[]': campaigns.coffee }))).toEqual([full, open].sort());
      expect(cardIds(await asJane('/stamper-cards', { filled_up: 'true' }))).toEqual([full]);
      expect(cardIds(await asJane('/stamper-cards', { filled_up: 'false' }))).toEqual([open, cake].sort());
      for (const value of ['yes', 'TRUE']) {
        const bad = await asJane('/stamper-cards', { filled_up: value });
        expect({ status: bad.status, param: invalidParam(bad) }).toEqual({
          status: 400,
          param: expect.objectContaining({ name: 'filled_up', reason: 'invalid_value_format' }),
        });
      }
      await t.dataSource.query(`UPDATE stamper_cards SET state = 0 WHERE stamper_card_id = $1`, [cake]);
      expect(cardIds(await asJane('/stamper-cards', { state: '0' }))).toEqual([cake]);
      expect(cardIds(await asJane('/stamper-cards', { state: '1' }))).toEqual([full, open].sort());
      await t.dataSource.query(`UPDATE stamper_cards SET state = 1 WHERE stamper_card_id = $1`, [cake]);
      expect((await asJane('/stamper-cards', { state: '2' })).status).toBe(400);
      const paged = await asJane('/stamper-cards', { count: '1', offset: '1', sort_field: 'stamper_card_order', sort_direction: 'DESC' });
      expect(paged.body.data.total_items).toBe(3);
      expect(paged.body.data.stamper_cards).toHaveLength(1);
    });

    it('scopes cards and stamps to the logged-in customer on the Customer interface', async () => {
      expect(cardIds(await ent('/stamper-cards', { customer_id: max.customerId }))).toEqual([maxCard]);
      expect((await ent('/stamper-cards', { 'stamper_campaign_id[]': campaigns.coffee })).body.data.total_items).toBeGreaterThanOrEqual(2);
      const foreign = await asJane('/stamper-cards', { customer_id: max.customerId });
      expect({ status: foreign.status, param: invalidParam(foreign) }).toEqual({
        status: 400,
        param: expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      });
      expect((await asJane(`/stamper-cards/${maxCard}`)).status).toBe(404);
      expect((await asJane(`/stamps/${maxStamp}`)).status).toBe(404);
      expect((await ent(`/stamper-cards/${maxCard}`)).status).toBe(200);
      expect((await ent(`/stamps/${maxStamp}`)).body.data.customer_id).toBe(max.customerId);
      expect((await asJane('/stamps', { customer_id: max.customerId })).status).toBe(400);
      for (const path of ['/stamper-cards', `/stamper-cards/${maxCard}`, '/stamps', `/stamps/${maxStamp}`]) {
        const anonymous = await t.customer('GET', path, { token: anonymousDevice });
        expect({ path, status: anonymous.status, type: anonymous.body.error.type }).toEqual({
          path,
          status: 403,
          type: 'customer_not_logged_in_exception',
        });
      }
      expect((await ent(`/stamper-cards/${hex()}`)).status).toBe(404);
      expect((await ent(`/stamps/${hex()}`)).status).toBe(404);
    });

    it('lists stamps in collection order, filtered by card (both array forms), condition and customer', async () => {
      const [full, open] = (await cardsOf(jane.customerId, campaigns.coffee)).map((card) => card.stamper_card_id);
      const [cake] = (await cardsOf(jane.customerId, campaigns.cake)).map((card) => card.stamper_card_id);
      const all = await asJane('/stamps');
      expect(all.body.data.total_items).toBe(5);
      const order: string[] = all.body.data.stamper_stamps.map((stamp: { stamper_card_id: string }) => stamp.stamper_card_id);
      // The first bill earned a coffee and a cake stamp together; the later ones follow in the order they were booked.
      expect([order.slice(0, 2).sort(), order.slice(2)]).toEqual([[full, cake].sort(), [full, full, open]]);
      const onCards = await asJane('/stamps', { 'stamper_card_id[]': [open, cake] });
      expect(onCards.body.data.total_items).toBe(2);
      expect((await asJane('/stamps', { stamper_card_id: open })).body.data.stamper_stamps).toEqual([
        expect.objectContaining({ stamper_card_id: open, stamp_order: 1 }),
      ]);
      expect((await asJane('/stamps', { stamper_condition_id: coffeeCondition })).body.data.total_items).toBe(4);
      expect((await ent('/stamps', { customer_id: jane.customerId, count: '2', offset: '4' })).body.data).toEqual({
        stamper_stamps: [expect.objectContaining({ stamper_card_id: open })],
        total_items: 5,
      });
      expect((await ent('/stamps', { sort_field: 'nope' })).status).toBe(400);
    });
  });
});
