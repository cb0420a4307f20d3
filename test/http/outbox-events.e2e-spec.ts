import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('Outbox events of every write (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let sourceId: string;
  let pointTypeId: string;

  const ent = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body });
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
});
