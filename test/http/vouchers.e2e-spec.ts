import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const hex = () => randomBytes(16).toString('hex');

describe('Vouchers (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let storeA: string;
  let storeB: string;
  const typeIds: Record<string, string> = {};

  const ent = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const assign = (customerId: string, amount: number) =>
    ent('POST', '/points/actions/assign-points', { body: { customer_id: customerId, partner_id: partnerId, amount } });
  const balance = async (customerId: string): Promise<number> =>
    Number(
      (
        await t.dataSource.query(`SELECT coalesce(sum(available_points), 0)::text AS total FROM points WHERE customer_id = $1`, [
          customerId,
        ])
      )[0].total,
    );
  const historySum = async (customerId: string): Promise<number> =>
    Number(
      (
        await t.dataSource.query(`SELECT coalesce(sum(point_amount), 0)::text AS total FROM point_history WHERE customer_id = $1`, [
          customerId,
        ])
      )[0].total,
    );
  const catalogueReward = async (overrides: Partial<Parameters<RewardService['define']>[0]> = {}) =>
    t.service(RewardService).define({
      code: `CAT${hex().slice(0, 10)}`,
      names: { en: 'Catalogue mug' },
      rewardGroup: 1,
      rewardTypeId: typeIds.catalogue_item,
      pointsCost: 30,
      voucherValidity: 'interval',
      voucherValidityValue: '30 days',
      ...overrides,
    });
  const createVoucher = (rewardId: string, customerId: string, extra: Record<string, unknown> = {}) =>
    ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { body: { customer_id: customerId, ...extra } });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), ['POST /rewards/{reward_id}/actions/create-custom-voucher']);
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeA, storeB] = [hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Voucher store A', $4, 'sys'), ($3, $5, 'Voucher store B', $4, 'sys')`,
      [storeA, `VA${storeA.slice(0, 6)}`, storeB, partnerId, `VB${storeB.slice(0, 6)}`],
    );
    for (const row of await t.dataSource.query(`SELECT reward_type_id, text_id FROM reward_types`))
      typeIds[row.text_id] = row.reward_type_id;
  });

  afterAll(() => t.close());

  describe('create-voucher', () => {
    let customer: TestCustomer;
    let rewardId: string;

    beforeAll(async () => {
      customer = await t.createCustomer();
      rewardId = await catalogueReward({ stores: [{ storeId: storeA }] });
      await assign(customer.customerId, 100);
    });

    it('issues a voucher and pays its points cost in the same transaction', async () => {
      const created = await createVoucher(rewardId, customer.customerId, { note: 'From the app' });
      expect(created.status).toBe(201);
      const voucherId = created.body.data.voucher_id;
      expect(await balance(customer.customerId)).toBe(70);
      expect(await historySum(customer.customerId)).toBe(70);
      const voucher = await ent('GET', `/vouchers/${voucherId}`);
      expect(voucher.status).toBe(200);
      expect(voucher.body.data).toMatchObject({
        voucher_id: voucherId,
        customer_id: customer.customerId,
        code: expect.stringMatching(/^[A-Z0-9]{12}$/),
        valid_from: expect.stringMatching(DATE_TIME),
        valid_to: expect.stringMatching(DATE_TIME),
        reward_group: '1',
        note: 'From the app',
        created_at: expect.stringMatching(DATE_TIME),
        state: 1,
        reward: expect.objectContaining({
          reward_id: rewardId,
          points_cost: 30,
          store_list: [expect.objectContaining({ store_id: storeA })],
        }),
      });
      expect(voucher.body.data.applied_date).toBeUndefined();
      const days =
        (Date.parse(voucher.body.data.valid_to.replace(' ', 'T')) - Date.parse(voucher.body.data.valid_from.replace(' ', 'T'))) /
        86_400_000;
      expect(Math.round(days)).toBe(30);
    });

    it('refuses when the customer has too few points, leaving points and vouchers untouched', async () => {
      const poor = await t.createCustomer();
      await assign(poor.customerId, 10);
      const refused = await createVoucher(rewardId, poor.customerId);
      expect(refused.status).toBe(400);
      expect(invalidParam(refused)).toMatchObject({ name: 'customer_id', reason: 'not_enough_points_for_voucher' });
      expect(await balance(poor.customerId)).toBe(10);
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM vouchers WHERE customer_id = $1`, [poor.customerId])).toEqual([
        { n: 0 },
      ]);
    });

    it('refuses campaign rewards, inactive or expired rewards, unknown customers, taken codes and unknown rewards', async () => {
      const campaign = await catalogueReward({ rewardGroup: 2 });
      expect(invalidParam(await createVoucher(campaign, customer.customerId))).toMatchObject({
        name: 'reward_id',
        reason: 'not_allowed_value',
      });
      const inactive = await catalogueReward({ state: 2 });
      expect(invalidParam(await createVoucher(inactive, customer.customerId))).toMatchObject({
        name: 'reward_id',
        reason: 'not_allowed_value',
      });
      const expired = await catalogueReward({ validFrom: '2001-01-01', validTo: '2001-12-31' });
      expect(invalidParam(await createVoucher(expired, customer.customerId))).toMatchObject({
        name: 'reward_id',
        reason: 'not_allowed_value',
      });
      expect(invalidParam(await createVoucher(rewardId, 'nope'))).toMatchObject({ name: 'customer_id', reason: 'not_found' });
      const code = `TAKEN${hex().slice(0, 6)}`;
      expect((await createVoucher(rewardId, customer.customerId, { code })).status).toBe(201);
      expect(invalidParam(await createVoucher(rewardId, customer.customerId, { code }))).toMatchObject({
        name: 'code',
        reason: 'already_exists',
      });
      expect((await createVoucher('nope', customer.customerId)).status).toBe(404);
      expect((await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { body: {} })).status).toBe(400);
    });

    it('issues a segment-limited reward only to customers in its segments', async () => {
      const segmentId = hex();
      await t.dataSource.query(`INSERT INTO segments (segment_id, name) VALUES ($1, 'Voucher segment')`, [segmentId]);
      const limited = await catalogueReward({ pointsCost: 0, segmentIds: [segmentId] });
      const outsider = await createVoucher(limited, customer.customerId);
      expect(invalidParam(outsider)).toMatchObject({ name: 'customer_id', reason: 'not_allowed_value' });
      await t.dataSource.query(`INSERT INTO segment_records (segment_id, customer_id) VALUES ($1, $2)`, [segmentId, customer.customerId]);
      expect((await createVoucher(limited, customer.customerId)).status).toBe(201);
    });

    it('needs a code from the caller when the reward imports its codes', async () => {
      const manual = await catalogueReward({ pointsCost: 0, voucherCodeGenerationPreference: 'M' });
      expect(invalidParam(await createVoucher(manual, customer.customerId))).toMatchObject({ name: 'code', reason: 'required' });
      expect((await createVoucher(manual, customer.customerId, { code: `M${hex().slice(0, 8)}` })).status).toBe(201);
    });

    it('on the Customer interface issues only to the logged-in customer', async () => {
      const device = await t.deviceToken(customer);
      const own = await t.customer('POST', `/rewards/${rewardId}/actions/create-voucher`, {
        token: device,
        body: { customer_id: customer.customerId },
      });
      expect(own.status).toBe(201);
      const other = await t.createCustomer();
      const foreign = await t.customer('POST', `/rewards/${rewardId}/actions/create-voucher`, {
        token: device,
        body: { customer_id: other.customerId },
      });
      expect(invalidParam(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const anonymous = await t.customer('POST', `/rewards/${rewardId}/actions/create-voucher`, {
        token: await t.deviceToken(),
        body: { customer_id: customer.customerId },
      });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });
  });

  describe('create-custom-voucher and gift cards', () => {
    it('issues a custom voucher of a simple reward only', async () => {
      const customer = await t.createCustomer();
      const simple = await ent('POST', '/rewards/actions/create-simple-reward', {
        body: {
          simple_reward: {
            code: `SIMPLE${hex().slice(0, 8)}`,
            names: [{ language_code: 'en', text: 'Five off' }],
            reward_type_id: typeIds.fixed_discount,
            reward_type_value: 5,
            voucher_validity: 'end_of_time_unit',
            voucher_validity_value: 'end_of_month',
            global_reward: true,
            state: 1,
            voucher_code_generation_preference: 'A',
          },
        },
      });
      const rewardId = simple.body.data.reward_id;
      const created = await ent('POST', `/rewards/${rewardId}/actions/create-custom-voucher`, {
        body: { customer_id: customer.customerId, value: 25 },
      });
      expect(created.status).toBe(201);
      const voucher = await ent('GET', `/vouchers/${created.body.data.voucher_id}`);
      expect(voucher.body.data).toMatchObject({ value: 25, reward_group: '4', valid_to: expect.stringMatching(/ 23:59:59$/) });
      const catalogue = await catalogueReward({ pointsCost: 0 });
      const refused = await ent('POST', `/rewards/${catalogue}/actions/create-custom-voucher`, {
        body: { customer_id: customer.customerId, value: 25 },
      });
      expect(invalidParam(refused)).toMatchObject({ name: 'reward_id', reason: 'not_allowed_value' });
      const fractional = await ent('POST', `/rewards/${rewardId}/actions/create-custom-voucher`, {
        body: { customer_id: customer.customerId, value: 2.5 },
      });
      expect(fractional.status).toBe(400);
    });

    it('reports a gift card balance that drops when the card is applied', async () => {
      const customer = await t.createCustomer();
      const giftCard = await catalogueReward({ rewardTypeId: typeIds.gift_card, rewardTypeValue: 75, pointsCost: 0 });
      const voucherId = (await createVoucher(giftCard, customer.customerId)).body.data.voucher_id;
      const byId = await ent('POST', '/vouchers/actions/gift-card-balance', { body: { voucher_id: voucherId } });
      expect(byId.status).toBe(200);
      expect(byId.body.data).toEqual({ voucher_id: voucherId, current_balance: 75, original_balance: 75 });
      const code = (await ent('GET', `/vouchers/${voucherId}`)).body.data.code;
      expect(
        (await ent('POST', `/vouchers/${voucherId}/actions/apply-voucher`, { body: { date_applied: new Date().toISOString() } })).status,
      ).toBe(204);
      const byCode = await t.customer('POST', '/vouchers/actions/gift-card-balance', {
        token: await t.deviceToken(customer),
        body: { code },
      });
      expect(byCode.body.data).toEqual({ voucher_id: voucherId, current_balance: 0, original_balance: 75 });
      expect(invalidParam(await ent('POST', '/vouchers/actions/gift-card-balance', { body: {} }))).toMatchObject({
        name: 'voucher_id',
        reason: 'required',
      });
      expect(invalidParam(await ent('POST', '/vouchers/actions/gift-card-balance', { body: { code: 'nope' } }))).toMatchObject({
        name: 'code',
        reason: 'not_found',
      });
      const mug = (await createVoucher(await catalogueReward({ pointsCost: 0 }), customer.customerId)).body.data.voucher_id;
      expect(invalidParam(await ent('POST', '/vouchers/actions/gift-card-balance', { body: { voucher_id: mug } }))).toMatchObject({
        name: 'voucher_id',
        reason: 'not_allowed_value',
      });
    });
  });

  describe('list, PUT, DELETE and apply', () => {
    let customer: TestCustomer;
    let rewardId: string;
    let freshId: string;
    let appliedId: string;
    let expiredId: string;
    let serviceId: string;

    beforeAll(async () => {
      customer = await t.createCustomer();
      await assign(customer.customerId, 200);
      rewardId = await catalogueReward({ stores: [{ storeId: storeA }] });
      freshId = (await createVoucher(rewardId, customer.customerId)).body.data.voucher_id;
      appliedId = (await createVoucher(rewardId, customer.customerId)).body.data.voucher_id;
      expiredId = (await createVoucher(rewardId, customer.customerId)).body.data.voucher_id;
      serviceId = (await createVoucher(rewardId, customer.customerId, { code: `canceled_${hex().slice(0, 6)}` })).body.data.voucher_id;
      await t.dataSource.query(
        `UPDATE vouchers SET valid_from = now() - interval '10 days', valid_to = now() - interval '1 day' WHERE voucher_id = $1`,
        [expiredId],
      );
    });

    it('applies a voucher once; a second application and an expired voucher are refused', async () => {
      const applied = await ent('POST', `/vouchers/${appliedId}/actions/apply-voucher`, {
        body: { date_applied: '2030-01-01 10:00:00', store_id: storeA },
      });
      // The voucher is valid 30 days from today, so 2030 is past its end.
      expect(invalidParam(applied)).toMatchObject({ name: 'voucher_id', reason: 'voucher_expired' });
      const now = new Date().toISOString();
      expect(
        (await ent('POST', `/vouchers/${appliedId}/actions/apply-voucher`, { body: { date_applied: now, store_id: storeA } })).status,
      ).toBe(204);
      const again = await ent('POST', `/vouchers/${appliedId}/actions/apply-voucher`, { body: { date_applied: now } });
      expect(invalidParam(again)).toMatchObject({ name: 'voucher_id', reason: 'voucher_already_applied' });
      const expired = await ent('POST', `/vouchers/${expiredId}/actions/apply-voucher`, { body: { date_applied: now } });
      expect(invalidParam(expired)).toMatchObject({ name: 'voucher_id', reason: 'voucher_expired' });
      const wrongStore = await ent('POST', `/vouchers/${freshId}/actions/apply-voucher`, { body: { date_applied: now, store_id: storeB } });
      expect(invalidParam(wrongStore)).toMatchObject({ name: 'voucher_id', reason: 'voucher_not_allowed_in_store' });
      expect(
        invalidParam(await ent('POST', `/vouchers/${freshId}/actions/apply-voucher`, { body: { date_applied: 'yesterday' } })),
      ).toMatchObject({ name: 'date_applied', reason: 'invalid_value_format' });
      expect(
        invalidParam(await ent('POST', `/vouchers/${freshId}/actions/apply-voucher`, { body: { date_applied: now, store_id: 'nope' } })),
      ).toMatchObject({ name: 'store_id', reason: 'not_found' });
      expect((await ent('POST', '/vouchers/nope/actions/apply-voucher', { body: { date_applied: now } })).status).toBe(404);
      const [row] = await t.dataSource.query(`SELECT store_id, applied_at IS NOT NULL AS applied FROM vouchers WHERE voucher_id = $1`, [
        appliedId,
      ]);
      expect(row).toEqual({ store_id: storeA, applied: true });
    });

    it('filters the voucher list; service vouchers only on request', async () => {
      const ids = async (query: Record<string, string | string[]>) =>
        (
          (await ent('GET', '/vouchers', { query: { customer_id: customer.customerId, count: '1000', ...query } })).body.data.vouchers as {
            voucher_id: string;
          }[]
        )
          .map((v) => v.voucher_id)
          .sort();
      expect(await ids({})).toEqual([freshId, appliedId, expiredId].sort());
      expect(await ids({ include_service_vouchers: 'true' })).toEqual([freshId, appliedId, expiredId, serviceId].sort());
      expect(await ids({ is_applied: 'true' })).toEqual([appliedId]);
      expect(await ids({ is_applied: 'false' })).toEqual([freshId, expiredId].sort());
      expect(await ids({ is_valid: 'false' })).toEqual([expiredId]);
      expect(await ids({ is_valid: 'true' })).toEqual([freshId, appliedId].sort());
      expect(await ids({ store_id: storeB })).toEqual([]);
      expect(await ids({ 'reward_id[]': [rewardId, 'other'] })).toHaveLength(3);
      const code = (await ent('GET', `/vouchers/${freshId}`)).body.data.code;
      expect(await ids({ code })).toEqual([freshId]);
      const noStores = await ent('GET', '/vouchers', { query: { customer_id: customer.customerId, without_stores: 'true', count: '1' } });
      expect(noStores.body.data.total_items).toBe(3);
      expect(noStores.body.data.vouchers[0].reward.store_list).toEqual([]);
      const sub = await ent('GET', `/customers/${customer.customerId}/vouchers`, { query: { is_applied: 'true' } });
      expect(sub.body.data.vouchers.map((v: { voucher_id: string }) => v.voucher_id)).toEqual([appliedId]);
      const ofReward = await ent('GET', `/rewards/${rewardId}/vouchers`, { query: { customer_id: customer.customerId } });
      expect(ofReward.body.data.total_items).toBe(3);
    });

    it('scopes vouchers to the logged-in customer on the Customer interface', async () => {
      const device = await t.deviceToken(customer);
      const own = await t.customer('GET', '/vouchers', { token: device });
      expect(own.body.data.total_items).toBe(3);
      const other = await t.createCustomer();
      const otherDevice = await t.deviceToken(other);
      expect((await t.customer('GET', `/vouchers/${freshId}`, { token: otherDevice })).status).toBe(404);
      expect((await t.customer('GET', '/vouchers', { token: otherDevice })).body.data.total_items).toBe(0);
      expect(
        invalidParam(await t.customer('GET', '/vouchers', { token: otherDevice, query: { customer_id: customer.customerId } })),
      ).toMatchObject({
        reason: 'not_belong_to_logged_in_customer',
      });
      expect(invalidParam(await t.customer('GET', `/customers/${customer.customerId}/vouchers`, { token: otherDevice }))).toMatchObject({
        reason: 'not_belong_to_logged_in_customer',
      });
      expect((await t.customer('DELETE', `/vouchers/${freshId}`, { token: otherDevice })).status).toBe(404);
      expect((await t.customer('GET', '/vouchers', { token: await t.deviceToken() })).status).toBe(403);
    });

    it('PUT replaces the writable fields and refuses another customer for a reward that is not portable', async () => {
      const put = await ent('PUT', `/vouchers/${freshId}`, {
        body: {
          voucher: {
            customer_id: customer.customerId,
            code: `NEW${hex().slice(0, 6)}`,
            note: 'Updated',
            valid_to: '2099-01-01 00:00:00',
            voucher_id: freshId,
            state: 1,
          },
        },
      });
      expect(put.status).toBe(204);
      const voucher = (await ent('GET', `/vouchers/${freshId}`)).body.data;
      expect(voucher).toMatchObject({ note: 'Updated', valid_to: '2099-01-01 00:00:00', code: expect.stringMatching(/^NEW/) });
      expect(voucher.valid_from).toBeUndefined();
      const other = await t.createCustomer();
      const moved = await ent('PUT', `/vouchers/${freshId}`, { body: { voucher: { customer_id: other.customerId } } });
      expect(invalidParam(moved)).toMatchObject({ name: 'voucher.customer_id', reason: 'not_allowed_value' });
      const unknown = await ent('PUT', `/vouchers/${freshId}`, { body: { voucher: { customer_id: customer.customerId, colour: 'red' } } });
      expect(unknown.status).toBe(400);
      expect((await ent('PUT', '/vouchers/nope', { body: { voucher: { customer_id: customer.customerId } } })).status).toBe(404);
    });

    it('PUT on the Customer interface changes only the note; an applied voucher cannot be un-applied', async () => {
      const device = await t.deviceToken(customer);
      const before = (await ent('GET', `/vouchers/${appliedId}`)).body.data;
      const noted = await t.customer('PUT', `/vouchers/${appliedId}`, { token: device, body: { voucher: { ...before, note: 'mine' } } });
      expect(noted.status).toBe(204);
      const minimal = await t.customer('PUT', `/vouchers/${appliedId}`, {
        token: device,
        body: { voucher: { customer_id: customer.customerId, note: 'short' } },
      });
      expect(minimal.status).toBe(204);
      const after = (await ent('GET', `/vouchers/${appliedId}`)).body.data;
      expect(after).toMatchObject({
        note: 'short',
        applied_date: before.applied_date,
        valid_to: before.valid_to,
        code: before.code,
        store_id: storeA,
      });
      const extend = await t.customer('PUT', `/vouchers/${appliedId}`, {
        token: device,
        body: { voucher: { customer_id: customer.customerId, valid_to: '2099-01-01 00:00:00' } },
      });
      expect(invalidParam(extend)).toMatchObject({ name: 'voucher.valid_to', reason: 'not_allowed_value' });
      const unapply = await t.customer('PUT', `/vouchers/${appliedId}`, {
        token: device,
        body: { voucher: { customer_id: customer.customerId, applied_date: '2020-01-01 00:00:00' } },
      });
      expect(invalidParam(unapply)).toMatchObject({ name: 'voucher.applied_date', reason: 'not_allowed_value' });
      expect((await ent('GET', `/vouchers/${appliedId}`)).body.data.applied_date).toBe(before.applied_date);
    });

    it('DELETE removes an unused voucher and gives its points back; an applied one stays', async () => {
      const before = await balance(customer.customerId);
      expect((await ent('DELETE', `/vouchers/${freshId}`)).status).toBe(204);
      expect(await balance(customer.customerId)).toBe(before + 30);
      expect(await historySum(customer.customerId)).toBe(before + 30);
      expect((await ent('GET', `/vouchers/${freshId}`)).status).toBe(404);
      const refused = await ent('DELETE', `/vouchers/${appliedId}`);
      expect(invalidParam(refused)).toMatchObject({ name: 'voucher_id', reason: 'voucher_already_applied' });
      expect(await balance(customer.customerId)).toBe(before + 30);
      expect((await ent('DELETE', `/vouchers/${freshId}`)).status).toBe(404);
    });
  });
  describe('batch', () => {
    it('imports every record or none in mode 1, without charging points', async () => {
      const customer = await t.createCustomer();
      const rewardId = await catalogueReward();
      const code = `IMP${hex().slice(0, 8)}`;
      const records = [
        { reward_id: rewardId, customer_id: customer.customerId, code, note: 'imported', valid_to: '2099-01-01 00:00:00' },
        { reward_id: rewardId, customer_id: customer.customerId, store_id: storeA, applied_date: '2025-01-02 10:00:00', value: 3.5 },
      ];
      const bad = await ent('POST', '/vouchers/batch', {
        body: { vouchers: [...records, { reward_id: 'nope', customer_id: customer.customerId }] },
      });
      expect(invalidParam(bad)).toMatchObject({ name: 'vouchers.2.reward_id', reason: 'not_found' });
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM vouchers WHERE customer_id = $1`, [customer.customerId])).toEqual([
        { n: 0 },
      ]);
      expect((await ent('POST', '/vouchers/batch', { body: { vouchers: records, error_processing: 1 } })).status).toBe(204);
      const list = await ent('GET', `/customers/${customer.customerId}/vouchers`, { query: { code } });
      expect(list.body.data.vouchers[0]).toMatchObject({ code, note: 'imported', valid_to: '2099-01-01 00:00:00' });
      const applied = await ent('GET', '/vouchers', { query: { customer_id: customer.customerId, is_applied: 'true' } });
      expect(applied.body.data.vouchers[0]).toMatchObject({ store_id: storeA, applied_date: '2025-01-02 10:00:00', value: 3.5 });
      expect(await balance(customer.customerId)).toBe(0);
    });

    it('writes the valid records in mode 2 and lists the others', async () => {
      const customer = await t.createCustomer();
      const rewardId = await catalogueReward();
      const taken = (await ent('GET', '/vouchers', { query: { count: '1' } })).body.data.vouchers[0].code;
      const response = await ent('POST', '/vouchers/batch', {
        body: {
          error_processing: 2,
          vouchers: [
            { reward_id: rewardId, customer_id: customer.customerId },
            { reward_id: rewardId, customer_id: 'nope' },
            { reward_id: rewardId, customer_id: customer.customerId, code: taken },
            { reward_id: rewardId, customer_id: customer.customerId, valid_from: 'soon' },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.errors).toEqual([
        { index: 1, invalid_params: [expect.objectContaining({ name: 'vouchers.1.customer_id', reason: 'not_found' })] },
        { index: 2, invalid_params: [expect.objectContaining({ name: 'vouchers.2.code', reason: 'already_exists' })] },
        { index: 3, invalid_params: [expect.objectContaining({ name: 'vouchers.3.valid_from', reason: 'invalid_value_format' })] },
      ]);
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM vouchers WHERE customer_id = $1`, [customer.customerId])).toEqual([
        { n: 1 },
      ]);
      const customerSide = await t.customer('POST', '/vouchers/batch', { token: await t.deviceToken(customer), body: { vouchers: [] } });
      expect(customerSide.status).toBe(403);
      expect(customerSide.body.error.type).toBe('interface_not_allowed_exception');
    });
  });
  describe('switching operations off', () => {
    // Last in the file: a second application in the process is started and closed here.
    it('can be switched off per project (decision 12)', async () => {
      const restricted = await TestApp.create({ TESSERA_DISABLED_OPERATIONS: 'POST /rewards/{reward_id}/actions/create-custom-voucher' });
      try {
        const customer = await restricted.createCustomer();
        const response = await restricted.enterprise('POST', `/rewards/${hex()}/actions/create-custom-voucher`, {
          token: await restricted.enterpriseToken(),
          body: { customer_id: customer.customerId, value: 5 },
        });
        expect(response.status).toBe(403);
        expect(response.body.error.type).toBe('operation_not_allowed_exception');
      } finally {
        await restricted.close();
      }
    });
  });
});
