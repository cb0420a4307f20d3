import { randomBytes } from 'node:crypto';
import { RewardDefinition, RewardService } from '../../src/modules/loyalty';
import { StatusPeriodEndService } from '../../src/modules/purchases';
import { StatusService } from '../../src/modules/reference-data';
import { StamperCampaignService } from '../../src/modules/stamper';
import { cliWorkspace } from '../support/cli-run';
import { defineReward } from '../support/reward-records';
import { purchaseSetting } from '../support/tea-purchase';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('Outbox events of every write (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let sourceId: string;
  let pointTypeId: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  const rewardTypes: Record<string, string> = {};

  const ent = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body });
  /** A reward of the operator's: group 1 rewards are used through vouchers, group 0 ones by their code. */
  const reward = (overrides: Partial<RewardDefinition> = {}): Promise<string> => defineReward(t, 'Outbox reward', overrides);
  const voucherFor = async (rewardId: string, customerId: string): Promise<{ id: string; code: string }> => {
    const created = await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId });
    if (created.status !== 201) throw new Error(`create-voucher failed: ${created.text}`);
    const id = created.body.data.voucher_id as string;
    return { id, code: (await ent('GET', `/vouchers/${id}`)).body.data.code };
  };
  const line = (price: number, code = hex()) => ({
    plu_ids: [{ list_code: 'EAN', code }],
    plu_name: 'Item',
    vat_rate: 21,
    quantity: 1,
    price,
    paid_amount: price,
    bill_item_id: hex().slice(0, 8),
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  /** Sends a bill of the lines with the codes, or (with `cancels`) the cancellation of that bill. */
  const send = (
    customerId: string,
    lines: ReturnType<typeof line>[],
    options: { codes?: string[]; cancels?: string; points?: number } = {},
  ): Promise<TestResponse & { billId: string }> => {
    const billId = hex();
    return ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      ...(options.cancels ? {} : { customer_id: customerId }),
      bill: {
        bill_id: billId,
        payment_time: new Date().toISOString(),
        currency_id: currencyId,
        total_price: lines.reduce((sum, item) => sum + item.paid_amount, 0),
        bill_items: lines,
        purchase_type_id: purchaseTypeId,
        canceled: options.cancels !== undefined,
        payment_type: 'S',
        ...(options.cancels ? { bill_number: options.cancels } : {}),
        ...(options.codes || options.points
          ? {
              payment_recap: {
                ...(options.codes ? { vouchers: options.codes.map((code) => ({ code })) } : {}),
                ...(options.points ? { credit_points: options.points } : {}),
              },
            }
          : {}),
      },
    }).then((response) => Object.assign(response, { billId }));
  };
  /** The customer's outbox rows of the type, oldest first. */
  const events = async (customerId: string, type: string): Promise<{ external_id: string; data: Record<string, unknown> }[]> =>
    t.dataSource.query(
      `SELECT e.external_id, e.data FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
       WHERE e.customer_id = $1 AND t.text_id = $2 ORDER BY e.created_at, e.event_id`,
      [customerId, type],
    );
  const allEvents = async (customerId: string): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM customer_events WHERE customer_id = $1`, [customerId]))[0].n;
  const fresh = async (): Promise<TestCustomer> => t.createCustomer();

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners WHERE name = 'Default partner'`))[0].partner_id;
    pointTypeId = (await ent('GET', '/point-types')).body.data.point_types[0].point_type_id;
    sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources LIMIT 1`))[0].customer_source_id;
    ({ storeId, currencyId, itemTypeId, purchaseTypeId } = await purchaseSetting(t.dataSource));
    for (const row of await t.dataSource.query(`SELECT reward_type_id, text_id FROM reward_types`))
      rewardTypes[row.text_id] = row.reward_type_id;
  });

  afterAll(() => t.close());

  it('writes customer_registered on registration and customer_updated on each replacement; a refused one writes none', async () => {
    const personal = {
      first_name: 'Jana',
      last_name: 'Nová',
      email: `o-${randomBytes(5).toString('hex')}@example.test`,
      language_id: 'en',
    };
    const created = await ent('POST', '/customers', {
      customer: { personal_information: personal },
      customer_source: { customer_source_id: sourceId },
      autologin: false,
      password: 'Secret-pass-9',
    });
    expect(created.status).toBe(201);
    const customerId = created.body.data.customer_id;
    const registered = await events(customerId, 'customer_registered');
    expect(registered).toEqual([
      { external_id: customerId, data: expect.objectContaining({ customer_id: customerId, customer_source_id: sourceId }) },
    ]);

    const refused = await ent('POST', '/customers', {
      customer: { personal_information: personal },
      customer_source: { customer_source_id: 'nope' },
    });
    expect(refused.status).toBe(400);

    const replace = (body: Record<string, unknown>) => ent('PUT', `/customers/${customerId}`, body);
    expect((await replace({ customer: { personal_information: { ...personal, first_name: 'Jane' } } })).status).toBe(204);
    expect((await replace({ customer: { personal_information: { ...personal, first_name: 'Janet' } } })).status).toBe(204);
    expect((await replace({ customer: { personal_information: { ...personal, language_id: 'xx' } } })).status).toBe(400);
    const updated = await events(customerId, 'customer_updated');
    expect(updated).toEqual([
      { external_id: customerId, data: { customer_id: customerId } },
      { external_id: customerId, data: { customer_id: customerId } },
    ]);
    expect(await allEvents(customerId)).toBe(3);
  });

  it('writes customer_updated for a photo upload, none for a refused one', async () => {
    const customer = await fresh();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const upload = (data: Buffer) =>
      ent('POST', '/customers/actions/upload-customer-photo', { customer_id: customer.customerId, data: data.toString('base64') });
    expect((await upload(Buffer.from('GIF89a....'))).status).toBe(400);
    expect((await upload(png)).status).toBe(204);
    expect(await events(customer.customerId, 'customer_updated')).toEqual([
      { external_id: customer.customerId, data: { customer_id: customer.customerId } },
    ]);
    expect(await allEvents(customer.customerId)).toBe(1);
  });

  it("writes customer_updated naming the record for each change to a customer's records (both sides of a relation), none for refused ones", async () => {
    const customer = await fresh();
    const other = await fresh();
    const [interestId, propertyId, partnerId2] = [`i_${hex().slice(0, 8)}`, `p_${hex().slice(0, 8)}`, hex()];
    await t.dataSource.query(`INSERT INTO interests (interest_id, name) VALUES ($1, 'Hiking')`, [interestId]);
    await t.dataSource.query(`INSERT INTO customer_properties (property_id, name, data_type) VALUES ($1, 'Shoe size', 'integer')`, [
      propertyId,
    ]);
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Outbox partner')`, [partnerId2]);
    const addressTypeId = (await ent('GET', '/customer-address-types')).body.data.customer_address_types[0].address_type_id;
    const relationTypeId = (await ent('GET', '/customer-relation-types')).body.data.customer_relation_types[0].customer_relation_type_id;
    const base = `/customers/${customer.customerId}`;
    /** Each request's answer, and the change its one event names (none for a refused request). */
    const expected: Record<string, unknown>[] = [];
    const change = async (
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: unknown,
      status: number,
      named?: { record_type: string; change: string; record_id?: string | null },
    ): Promise<string | null> => {
      const response = await ent(method, path, body);
      expect([path, response.status]).toEqual([path, status]);
      if (!named) return null;
      // A created record's id is the one field of the answer's data.
      const id = named.record_id !== undefined ? named.record_id : (Object.values(response.body.data as Record<string, string>)[0] ?? null);
      expected.push({ customer_id: customer.customerId, record_type: named.record_type, record_id: id, change: named.change });
      return id;
    };
    const address = { address_type: addressTypeId, address: { city: 'Brno' } };
    const addressId = await change('POST', `${base}/addresses`, { additional_address: address }, 201, {
      record_type: 'address',
      change: 'added',
    });
    await change('PUT', `${base}/addresses/${addressId}`, { additional_address: { ...address, address: { city: 'Zlín' } } }, 204, {
      record_type: 'address',
      record_id: addressId,
      change: 'replaced',
    });
    await change('POST', `${base}/addresses`, { additional_address: { ...address, address_type: 'nope' } }, 400);

    const interest = { interest_id: interestId, customer_id: customer.customerId };
    const interestRecordId = await change('POST', `${base}/interest-records`, { interest_record: interest }, 201, {
      record_type: 'interest_record',
      change: 'added',
    });
    await change('POST', `${base}/interest-records`, { interest_record: interest }, 400);
    await change('DELETE', `${base}/interest-records/${interestRecordId}`, undefined, 204, {
      record_type: 'interest_record',
      record_id: interestRecordId,
      change: 'deleted',
    });

    const property = (value: unknown) => ({ property_record: { property_id: propertyId, property_value: value } });
    const propertyRecordId = await change('POST', `${base}/property-records`, property(42), 201, {
      record_type: 'property_record',
      change: 'added',
    });
    await change('PUT', `${base}/property-records/${propertyRecordId}`, property('large'), 400);
    await change('PUT', `${base}/property-records/${propertyRecordId}`, property(43), 204, {
      record_type: 'property_record',
      record_id: propertyRecordId,
      change: 'replaced',
    });
    await change('POST', `${base}/property-records/batch`, { property_records: [{ property_id: propertyId, property_value: 44 }] }, 204, {
      record_type: 'property_record',
      record_id: null,
      change: 'set',
    });
    await change('DELETE', `${base}/property-records/${propertyRecordId}`, undefined, 204, {
      record_type: 'property_record',
      record_id: propertyRecordId,
      change: 'deleted',
    });

    const partnerRecordId = await change('POST', `${base}/partner-records`, { partner_record: { partner_id: partnerId2 } }, 201, {
      record_type: 'partner_record',
      change: 'added',
    });
    await change('DELETE', `${base}/partner-records/${partnerRecordId}`, undefined, 204, {
      record_type: 'partner_record',
      record_id: partnerRecordId,
      change: 'deleted',
    });
    await change('DELETE', `${base}/partner-records/${partnerRecordId}`, undefined, 404);
    await change(
      'POST',
      '/customers/actions/set-partners',
      { customer_id: customer.customerId, partner_records: [{ partner_id: partnerId }] },
      204,
      {
        record_type: 'partner_record',
        record_id: null,
        change: 'set',
      },
    );

    await change(
      'POST',
      `${base}/customer-source-records`,
      { customer_source_record: { customer_source_id: sourceId, external_id: hex() } },
      201,
      {
        record_type: 'source_record',
        change: 'added',
      },
    );

    const relation = { related_customer_id: other.customerId, customer_relation_type_id: relationTypeId, is_leading: true };
    const relationId = await change('POST', `${base}/related-customers`, { related_customer: relation }, 201, {
      record_type: 'relation',
      change: 'added',
    });
    await change('POST', `${base}/related-customers`, { related_customer: relation }, 400);
    await change('DELETE', `${base}/related-customers/${relationId}`, undefined, 204, {
      record_type: 'relation',
      record_id: relationId,
      change: 'deleted',
    });

    const written = await events(customer.customerId, 'customer_updated');
    expect(written.map((event) => event.data)).toEqual(expected);
    expect(await allEvents(customer.customerId)).toBe(expected.length);
    // The related customer's stream has the relation's two changes too.
    expect((await events(other.customerId, 'customer_updated')).map((event) => event.data)).toEqual(
      expected.filter((data) => data.record_type === 'relation').map((data) => ({ ...data, customer_id: other.customerId })),
    );
  });

  it('writes status_changed per assignment and none for a refused one', async () => {
    const customer = await fresh();
    const statuses: { status_id: string; text_id: string }[] = await t.dataSource.query(`SELECT status_id, text_id FROM statuses`);
    const statusId = statuses[0].status_id;
    const before = await allEvents(customer.customerId);
    const set = await ent('POST', '/customers/actions/set-status-record', { customer_id: customer.customerId, status_id: statusId });
    expect(set.status).toBe(200);
    expect(await events(customer.customerId, 'status_changed')).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ customer_id: customer.customerId, status_id: statusId }) },
    ]);
    expect(
      (await ent('POST', '/customers/actions/set-status-record', { customer_id: customer.customerId, status_id: 'nope' })).status,
    ).toBe(400);
    expect(await allEvents(customer.customerId)).toBe(before + 1);
  });

  it('writes points_earned, points_spent and points_transferred (one per side) with the point record', async () => {
    const giver = await fresh();
    const receiver = await fresh();
    const assign = await ent('POST', '/points/actions/assign-points', {
      customer_id: giver.customerId,
      partner_id: partnerId,
      amount: 100,
    });
    expect(assign.status).toBe(201);
    const earned = await events(giver.customerId, 'points_earned');
    expect(earned).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ customer_id: giver.customerId, amount: '100.00' }) },
    ]);
    expect(earned[0].data.point_id).toBe(earned[0].external_id);

    const reduce = await ent('POST', '/points/actions/reduce-points', { customer_id: giver.customerId, partner_id: partnerId, amount: 30 });
    expect(reduce.status).toBe(201);
    expect(await events(giver.customerId, 'points_spent')).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ amount: '30.00' }) },
    ]);
    const tooMuch = await ent('POST', '/points/actions/reduce-points', {
      customer_id: giver.customerId,
      partner_id: partnerId,
      amount: 1000,
    });
    expect(tooMuch.status).toBe(400);
    expect(await events(giver.customerId, 'points_spent')).toHaveLength(1);

    const transfer = {
      original_customer_id: giver.customerId,
      new_customer_id: receiver.customerId,
      amount: 20,
      point_type_id: pointTypeId,
    };
    expect((await ent('POST', '/points/actions/transfer-points', transfer)).status).toBe(204);
    expect((await ent('POST', '/points/actions/transfer-points', { ...transfer, amount: 500 })).status).toBe(400);
    const sent = await events(giver.customerId, 'points_transferred');
    const got = await events(receiver.customerId, 'points_transferred');
    expect(sent).toHaveLength(1);
    expect(got).toHaveLength(1);
    expect(got[0].data).toMatchObject({ original_customer_id: giver.customerId, new_customer_id: receiver.customerId, amount: '20.00' });
    expect(await events(giver.customerId, 'points_spent')).toHaveLength(1);
  });

  it('writes credits_deposited, credits_spent, credits_transferred (one per side) and credits_expired with the credit record, none for refused ones', async () => {
    await t.grantOperations(await t.enterpriseApplicationId(), [
      'POST /credits/actions/deposit-credits',
      'POST /credits/actions/reduce-credits',
      'POST /credits/actions/transfer-credits',
    ]);
    const [customer, other] = [await fresh(), await fresh()];
    const credits = (action: string, amount: number) =>
      ent('POST', `/credits/actions/${action}`, { customer_id: customer.customerId, partner_id: partnerId, amount });
    const deposited = (await credits('deposit-credits', 10)).body.data.credit_id;
    const spent = (await credits('reduce-credits', 3)).body.data.credit_id;
    expect((await credits('reduce-credits', 100)).status).toBe(400);
    const creditTypeId = (await ent('GET', '/credit-types')).body.data.credit_types[0].credit_type_id;
    const sides = { original_customer_id: customer.customerId, new_customer_id: other.customerId };
    const transfer = { ...sides, amount: 2, credit_type_id: creditTypeId };
    expect((await ent('POST', '/credits/actions/transfer-credits', transfer)).status).toBe(204);
    // Time passes: the rest of the deposit expires, and the next movement writes it off.
    await t.dataSource.query(`UPDATE credits SET valid_to = now() - interval '1 day' WHERE credit_id = $1`, [deposited]);
    const aged = (await credits('deposit-credits', 4)).body.data.credit_id;
    const afterExpiry = (await credits('reduce-credits', 1)).body.data.credit_id;

    const moved = (creditId: string, amount: string, extra: Record<string, unknown> = {}) => ({
      external_id: creditId,
      data: expect.objectContaining({ credit_id: creditId, customer_id: customer.customerId, amount, partner_id: partnerId, ...extra }),
    });
    expect(await events(customer.customerId, 'credits_deposited')).toEqual([moved(deposited, '10.0000'), moved(aged, '4.0000')]);
    expect(await events(customer.customerId, 'credits_spent')).toEqual([moved(spent, '3.0000'), moved(afterExpiry, '1.0000')]);
    expect(await events(customer.customerId, 'credits_transferred')).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ amount: '2.0000', ...sides }) },
    ]);
    expect(await events(other.customerId, 'credits_transferred')).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ customer_id: other.customerId, amount: '2.0000', ...sides }) },
    ]);
    expect(await events(customer.customerId, 'credits_expired')).toEqual([moved(deposited, '5.0000')]);
  });

  it('writes points_earned or points_spent for a synchronization that moves the balance, none when it does not', async () => {
    const customer = await fresh();
    const sync = (amount: number) => ent('POST', '/points/actions/synchronize-points', { customer_id: customer.customerId, amount });
    expect((await sync(50)).status).toBe(204);
    expect((await sync(50)).status).toBe(204);
    expect((await sync(20)).status).toBe(204);
    expect((await events(customer.customerId, 'points_earned')).map((e) => e.data.amount)).toEqual(['50.00']);
    expect((await events(customer.customerId, 'points_spent')).map((e) => e.data.amount)).toEqual(['30.00']);
  });

  it('writes card_issued when a card reaches a customer and card_blocked when it is blocked', async () => {
    const customer = await fresh();
    const type = await ent('POST', '/card-types', { card_type: { name: 'Outbox card', prefix: '55' } });
    const cardTypeId = type.body.data.card_type_id;
    const number = `55${Date.now()}`;
    const created = await ent('POST', '/cards', { card: { card_type_id: cardTypeId, card_number: number, state: 1 } });
    expect(created.status).toBe(201);
    const cardId = created.body.data.card_id;
    expect(await events(customer.customerId, 'card_issued')).toEqual([]);
    const card = { card_type_id: cardTypeId, card_number: number, customer_id: customer.customerId };
    expect((await ent('PUT', `/cards/${cardId}`, { card: { ...card, state: 1 } })).status).toBe(204);
    expect(await events(customer.customerId, 'card_issued')).toEqual([
      { external_id: cardId, data: { card_id: cardId, card_type_id: cardTypeId, card_number: number } },
    ]);
    expect((await ent('PUT', `/cards/${cardId}`, { card: { ...card, state: 0 } })).status).toBe(204);
    expect((await ent('PUT', `/cards/${cardId}`, { card: { ...card, state: 0 } })).status).toBe(204);
    expect((await ent('PUT', `/cards/${cardId}`, { card: { ...card, card_number: '00x', state: 1 } })).status).toBe(400);
    expect(await events(customer.customerId, 'card_blocked')).toEqual([
      { external_id: cardId, data: expect.objectContaining({ card_id: cardId }) },
    ]);
    expect(await events(customer.customerId, 'card_issued')).toHaveLength(1);
  });

  it('writes segment_joined and segment_left per membership change, none for a refused one', async () => {
    const customer = await fresh();
    const segment = await ent('POST', '/segments', { name: 'Outbox segment' });
    const segmentId = segment.body.data.segment_id;
    const add = () => ent('POST', `/segments/${segmentId}/actions/add-customer`, { customer_id: customer.customerId });
    const remove = () => ent('POST', `/segments/${segmentId}/actions/remove-customer`, { customer_id: customer.customerId });
    expect((await add()).status).toBe(204);
    expect((await add()).status).toBe(400);
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(400);
    expect((await add()).status).toBe(204);
    const expected = { external_id: segmentId, data: { segment_id: segmentId, customer_id: customer.customerId } };
    expect(await events(customer.customerId, 'segment_joined')).toEqual([expected, expected]);
    expect(await events(customer.customerId, 'segment_left')).toEqual([expected]);
  });
  it('writes voucher_issued on create-voucher and voucher_applied on apply-voucher, none for refused ones', async () => {
    const customer = await fresh();
    const typeId = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`))[0].reward_type_id;
    const rewardId = await t.service(RewardService).define({
      code: `OUT${randomBytes(4).toString('hex')}`,
      names: { en: 'Outbox mug' },
      rewardGroup: 1,
      rewardTypeId: typeId,
      pointsCost: 30,
      voucherValidity: 'interval',
      voucherValidityValue: '30 days',
    });
    const create = () => ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId });
    expect((await create()).status).toBe(400); // no points to pay with
    expect(await events(customer.customerId, 'voucher_issued')).toEqual([]);
    await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 30 });
    const created = await create();
    expect(created.status).toBe(201);
    const voucherId = created.body.data.voucher_id;
    expect(await events(customer.customerId, 'voucher_issued')).toEqual([
      { external_id: voucherId, data: expect.objectContaining({ voucher_id: voucherId, reward_id: rewardId }) },
    ]);
    const apply = () => ent('POST', `/vouchers/${voucherId}/actions/apply-voucher`, { date_applied: new Date().toISOString() });
    expect((await apply()).status).toBe(204);
    expect((await apply()).status).toBe(400);
    expect(await events(customer.customerId, 'voucher_applied')).toEqual([
      { external_id: voucherId, data: expect.objectContaining({ voucher_id: voucherId, reward_id: rewardId }) },
    ]);
  });
  it("writes voucher_updated per replacement, in both customers' streams when a portable voucher moves, none for a refused one", async () => {
    const [owner, next] = [await fresh(), await fresh()];
    const voucherId = (await voucherFor(await reward({ isPortable: true }), owner.customerId)).id;
    const put = (customerId: string, fields: Record<string, unknown> = {}) =>
      ent('PUT', `/vouchers/${voucherId}`, { voucher: { customer_id: customerId, note: 'kept for May', ...fields } });
    expect((await put(owner.customerId, { valid_from: '2030-02-01 00:00:00', valid_to: '2030-01-01 00:00:00' })).status).toBe(400);
    expect(await events(owner.customerId, 'voucher_updated')).toEqual([]);
    expect((await put(owner.customerId)).status).toBe(204);
    expect((await put(next.customerId)).status).toBe(204);
    const moved = { voucher_id: voucherId, customer_id: next.customerId, previous_customer_id: owner.customerId };
    expect(await events(owner.customerId, 'voucher_updated')).toEqual([
      { external_id: voucherId, data: expect.objectContaining({ voucher_id: voucherId, customer_id: owner.customerId }) },
      { external_id: voucherId, data: expect.objectContaining(moved) },
    ]);
    expect(await events(next.customerId, 'voucher_updated')).toEqual([{ external_id: voucherId, data: expect.objectContaining(moved) }]);
  });

  it('writes card_issued when a free card is assigned, none when the assignment is refused', async () => {
    const customer = await fresh();
    const type = await ent('POST', '/card-types', { card_type: { name: 'Outbox pool', prefix: '56' } });
    const cardTypeId = type.body.data.card_type_id;
    const created = await ent('POST', '/cards', { card: { card_type_id: cardTypeId, card_number: `56${Date.now()}`, state: 1 } });
    const assign = () => ent('POST', '/cards/actions/assign-free-card', { card_type_id: cardTypeId, customer_id: customer.customerId });
    expect((await assign()).status).toBe(200);
    expect((await assign()).status).toBe(400);
    expect(await events(customer.customerId, 'card_issued')).toEqual([
      { external_id: created.body.data.card_id, data: expect.objectContaining({ card_type_id: cardTypeId }) },
    ]);
  });

  it('writes customer_registered for a newsletter sign-up that creates its customer, none for a refused one', async () => {
    const email = `n-${randomBytes(4).toString('hex')}@example.test`;
    const sign = (contact: string) => ent('POST', '/customers/actions/newsletters-sign-up', { contact, customer_source_id: sourceId });
    expect((await sign(email)).status).toBe(204);
    expect((await sign('not a contact')).status).toBe(400);
    const [{ customer_id: customerId }] = await t.dataSource.query(`SELECT customer_id FROM customers WHERE email = $1`, [email]);
    expect(await events(customerId, 'customer_registered')).toEqual([
      { external_id: customerId, data: { customer_id: customerId, customer_source_id: sourceId, origin: 'newsletter' } },
    ]);
    expect(await allEvents(customerId)).toBe(1);
  });

  it('writes points_expired when expired points are written off at the next movement', async () => {
    const customer = await fresh();
    await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 40 });
    await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 10 });
    const [{ point_id: expiring }] = await t.dataSource.query(
      `SELECT point_id FROM points WHERE customer_id = $1 AND assigned_points = 40`,
      [customer.customerId],
    );
    await t.dataSource.query(`UPDATE points SET valid_to = now() - interval '1 day' WHERE point_id = $1`, [expiring]);
    expect(await events(customer.customerId, 'points_expired')).toEqual([]);
    expect(
      (await ent('POST', '/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 5 })).status,
    ).toBe(201);
    expect(await events(customer.customerId, 'points_expired')).toEqual([
      { external_id: expiring, data: expect.objectContaining({ point_id: expiring, amount: '40.00' }) },
    ]);
  });

  it('writes voucher_used per voucher a purchase uses (a gift card with the part it took) and voucher_issued for a reward it applies by code', async () => {
    const customer = await fresh();
    const fixed = await voucherFor(await reward(), customer.customerId);
    const giftCard = await voucherFor(await reward({ rewardTypeId: rewardTypes.gift_card, rewardTypeValue: 100 }), customer.customerId);
    const byCodeId = await reward({ rewardGroup: 0, rewardTypeValue: 2 });
    const [{ code: byCode }] = await t.dataSource.query(`SELECT code FROM rewards WHERE reward_id = $1`, [byCodeId]);
    const before = await allEvents(customer.customerId);
    expect((await send(customer.customerId, [line(30), line(30)], { codes: [fixed.code, 'NO-SUCH-CODE'] })).status).toBe(400);
    expect(await allEvents(customer.customerId)).toBe(before);

    const sent = await send(customer.customerId, [line(30), line(30)], { codes: [fixed.code, byCode, giftCard.code] });
    expect(sent.status).toBe(201);
    const purchaseId = sent.body.data.purchase_id;
    const used = await events(customer.customerId, 'voucher_used');
    expect(used).toEqual(
      expect.arrayContaining([
        {
          external_id: fixed.id,
          data: { voucher_id: fixed.id, purchase_id: purchaseId, discount_value: '5', balance_used: null },
        },
        {
          external_id: giftCard.id,
          data: { voucher_id: giftCard.id, purchase_id: purchaseId, discount_value: '53', balance_used: '53' },
        },
      ]),
    );
    expect(used).toHaveLength(2);
    const [{ voucher_id: issuedId }] = await t.dataSource.query(
      `SELECT voucher_id FROM purchase_vouchers WHERE purchase_id = $1 AND created_by_purchase`,
      [purchaseId],
    );
    const issued = await events(customer.customerId, 'voucher_issued');
    expect(issued.filter((event) => event.external_id === issuedId)).toEqual([
      {
        external_id: issuedId,
        data: {
          voucher_id: issuedId,
          purchase_id: purchaseId,
          reward_id: byCodeId,
          code: expect.any(String),
          points_cost: expect.any(String),
        },
      },
    ]);

    // Cancelled, the purchase gives its vouchers back; the free one it issued stays used.
    const cancelled = await send(customer.customerId, [line(60)], { cancels: sent.billId });
    expect(cancelled.status).toBe(201);
    const restored = await events(customer.customerId, 'voucher_restored');
    const expected = (voucherId: string, balance: unknown) => ({
      external_id: voucherId,
      data: {
        voucher_id: voucherId,
        purchase_id: cancelled.body.data.purchase_id,
        canceled_purchase_id: purchaseId,
        current_balance: balance,
      },
    });
    expect(restored).toEqual(
      expect.arrayContaining([expected(fixed.id, null), expected(giftCard.id, expect.stringMatching(/^100(\.0+)?$/))]),
    );
    expect(restored).toHaveLength(2);

    // Used again after the cancellation: a second voucher_used of the same voucher, for the new purchase.
    const again = await send(customer.customerId, [line(30)], { codes: [fixed.code] });
    expect(again.status).toBe(201);
    expect((await events(customer.customerId, 'voucher_used')).filter((event) => event.external_id === fixed.id)).toHaveLength(2);
  });

  it('writes voucher_issued for a stamp card reward and voucher_deleted when a cancellation withdraws it', async () => {
    const customer = await fresh();
    const productId = hex();
    const plu = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Outbox coffee')`, [productId]);
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ('EAN', $1, $2)`, [plu, productId]);
    const cardRewardId = await reward();
    await t.service(StamperCampaignService).define(
      {
        names: { en: 'Outbox coffee card' },
        descriptions: {},
        stampCount: 2,
        repetitions: 1,
        rewardId: cardRewardId,
        conditions: [{ descriptions: { en: 'Buy a coffee' }, relatedTo: 'product', relatedIds: [productId] }],
        checkpoints: [],
      },
      t.dataSource.manager,
    );
    expect((await send(customer.customerId, [line(3, plu)])).status).toBe(201);
    expect(await events(customer.customerId, 'voucher_issued')).toEqual([]);
    const filling = await send(customer.customerId, [line(3, plu)]);
    expect(filling.status).toBe(201);
    const [{ voucher_id: voucherId, code }] = await t.dataSource.query(
      `SELECT voucher_id, code FROM vouchers WHERE customer_id = $1 AND reward_id = $2`,
      [customer.customerId, cardRewardId],
    );
    expect(await events(customer.customerId, 'voucher_issued')).toEqual([
      { external_id: voucherId, data: { voucher_id: voucherId, reward_id: cardRewardId, code, points_cost: '0' } },
    ]);
    expect((await send(customer.customerId, [line(3, plu)], { cancels: filling.billId })).status).toBe(201);
    expect(await t.dataSource.query(`SELECT 1 FROM vouchers WHERE voucher_id = $1`, [voucherId])).toEqual([]);
    expect(await events(customer.customerId, 'voucher_deleted')).toEqual([
      { external_id: voucherId, data: { voucher_id: voucherId, reward_id: cardRewardId, points_returned: '0' } },
    ]);
  });

  it('writes voucher_deleted when a voucher is deleted, voucher_issued per imported voucher, none for refused ones', async () => {
    const customer = await fresh();
    await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 30 });
    const rewardId = await reward({ pointsCost: 30 });
    const voucher = await voucherFor(rewardId, customer.customerId);
    expect((await ent('DELETE', `/vouchers/${voucher.id}`)).status).toBe(204);
    expect((await ent('DELETE', `/vouchers/${voucher.id}`)).status).toBe(404);
    expect(await events(customer.customerId, 'voucher_deleted')).toEqual([
      {
        external_id: voucher.id,
        data: { voucher_id: voucher.id, reward_id: rewardId, points_returned: expect.stringMatching(/^30(\.0+)?$/) },
      },
    ]);

    const before = await allEvents(customer.customerId);
    const record = { reward_id: rewardId, customer_id: customer.customerId };
    expect((await ent('POST', '/vouchers/batch', { vouchers: [record, { ...record, customer_id: 'nope' }] })).status).toBe(400);
    expect(await allEvents(customer.customerId)).toBe(before);
    expect((await ent('POST', '/vouchers/batch', { vouchers: [record, { ...record, code: `IMP${hex().slice(0, 8)}` }] })).status).toBe(204);
    const imported: { voucher_id: string; code: string }[] = await t.dataSource.query(
      `SELECT voucher_id, code FROM vouchers WHERE customer_id = $1 ORDER BY voucher_id`,
      [customer.customerId],
    );
    expect(imported).toHaveLength(2);
    const issued = await events(customer.customerId, 'voucher_issued');
    for (const { voucher_id: voucherId, code } of imported) {
      expect(issued).toContainEqual({
        external_id: voucherId,
        data: { voucher_id: voucherId, reward_id: rewardId, code, points_cost: '0' },
      });
    }
    expect(issued).toHaveLength(3);
  });

  it('writes customer_registered and card_issued for a customer the CLI creates, customer_deleted once when the CLI deletes one', async () => {
    const workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'outbox');
    try {
      const cardNumber = `77${Date.now()}`;
      const email = `cli-${hex().slice(0, 8)}@example.test`;
      const created = await workspace.run([
        'customer',
        'create',
        '--email',
        email,
        '--password',
        'Customer-pass-1',
        '--card-number',
        cardNumber,
        '--json',
      ]);
      expect(created).toMatchObject({ code: 0, stderr: '' });
      const { customer_id: customerId, card_id: cardId } = JSON.parse(created.stdout);
      expect(await events(customerId, 'customer_registered')).toEqual([
        { external_id: customerId, data: { customer_id: customerId, origin: 'cli' } },
      ]);
      expect(await events(customerId, 'card_issued')).toEqual([
        { external_id: cardId, data: { card_id: cardId, card_type_id: expect.any(String), card_number: cardNumber } },
      ]);
      const refused = await workspace.run([
        'customer',
        'create',
        '--email',
        `x${email}`,
        '--password',
        'Customer-pass-1',
        '--card-number',
        cardNumber,
      ]);
      expect(refused.code).toBe(1);
      expect(await t.dataSource.query(`SELECT 1 FROM customers WHERE email = $1`, [`x${email}`])).toEqual([]);

      const device = await t.deviceToken({ customerId, email, password: 'Customer-pass-1', cardNumber });
      expect((await t.customer('GET', `/customers/${customerId}`, { token: device })).status).toBe(200);
      expect(await workspace.run(['customer', 'delete', customerId])).toEqual({
        code: 0,
        stdout: `Customer ${customerId} deleted; their logins have ended\n`,
        stderr: '',
      });
      expect((await ent('GET', `/customers/${customerId}`)).status).toBe(404);
      expect((await t.customer('GET', `/customers/${customerId}`, { token: device })).status).toBe(403);
      const again = await workspace.run(['customer', 'delete', customerId]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('customer_id: No such customer');
      expect(await events(customerId, 'customer_deleted')).toEqual([{ external_id: customerId, data: { customer_id: customerId } }]);
      expect(await events(customerId, 'customer_updated')).toEqual([]);
    } finally {
      workspace.remove();
    }
  });

  it('writes status_changed when a purchase moves the status up and when the period-end run moves it back down', async () => {
    // Last in the file: a turnover threshold on silver changes the status every later purchase earns.
    const silverId = (await t.dataSource.query(`SELECT status_id FROM statuses WHERE text_id = 'silver'`))[0].status_id;
    await t.service(StatusService).qualifyByTurnover(silverId, currencyId, 100, 12);
    const customer = await fresh();
    const before = await events(customer.customerId, 'status_changed');
    const sent = await send(customer.customerId, [line(120)]);
    expect(sent.status).toBe(201);
    const up = await events(customer.customerId, 'status_changed');
    expect(up.slice(before.length)).toEqual([{ external_id: expect.any(String), data: expect.objectContaining({ status_id: silverId }) }]);
    expect((await send(customer.customerId, [line(120)], { cancels: sent.billId })).status).toBe(201);
    // The cancellation leaves the status until its record ends.
    expect(await events(customer.customerId, 'status_changed')).toHaveLength(up.length);
    await t.dataSource.query(
      `UPDATE customer_status_records SET valid_from = now() - interval '2 years', valid_to = now() - interval '1 day'
        WHERE customer_id = $1 AND state = 1`,
      [customer.customerId],
    );
    await t.service(StatusPeriodEndService).run();
    const down = await events(customer.customerId, 'status_changed');
    expect(down).toHaveLength(up.length + 1);
    expect(down[down.length - 1].data.status_id).not.toBe(silverId);
  });

  it('writes points_spent and points_earned for the points a purchase pays with and a voucher costs, and for their return', async () => {
    const customer = await fresh();
    const points = (type: string) => events(customer.customerId, type);
    await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 100 });
    expect(await points('points_earned')).toHaveLength(1);

    expect((await send(customer.customerId, [line(50)], { points: 500 })).status).toBe(400);
    expect(await points('points_spent')).toEqual([]);
    const sent = await send(customer.customerId, [line(50)], { points: 20 });
    expect(sent.status).toBe(201);
    const purchaseId = sent.body.data.purchase_id;
    const spent = await points('points_spent');
    expect(spent).toEqual([
      { external_id: expect.any(String), data: expect.objectContaining({ amount: '20.00', purchase_id: purchaseId }) },
    ]);
    // The event names the redemption record the purchase lists.
    const listed = (await ent('GET', `/purchases/${purchaseId}/points`)).body.data.points.map((p: { point_id: string }) => p.point_id);
    expect(listed).toContain(spent[0].external_id);

    const voucher = await voucherFor(await reward({ pointsCost: 10 }), customer.customerId);
    expect((await points('points_spent')).map((event) => event.data)).toEqual([
      expect.objectContaining({ purchase_id: purchaseId }),
      expect.objectContaining({ amount: '10.00', voucher_id: voucher.id }),
    ]);
    expect((await ent('DELETE', `/vouchers/${voucher.id}`)).status).toBe(204);
    expect(await points('points_earned')).toContainEqual({
      external_id: expect.any(String),
      data: expect.objectContaining({ amount: '10.00', voucher_id: voucher.id }),
    });

    const cancelled = await send(customer.customerId, [line(50)], { cancels: sent.billId });
    expect(cancelled.status).toBe(201);
    expect(await points('points_earned')).toContainEqual({
      external_id: expect.any(String),
      data: expect.objectContaining({ amount: '20.00', purchase_id: cancelled.body.data.purchase_id }),
    });
  });
});
