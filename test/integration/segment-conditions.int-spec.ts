import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import { TestApp } from '../support/test-app';
import { purchaseSetting, PurchaseSetting } from '../support/tea-purchase';
import { SegmentCondition, SegmentSqlParams, checkSegmentConditions, programmeToday, segmentMatchSql } from '../../src/modules/segments';

const DAY_MS = 86_400_000;
const now = new Date();
const clock = { now, today: programmeToday(now, 'UTC') };
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Each condition kind compiled to SQL and run on PostgreSQL over rows written for it. */
describe('Segment conditions (compiled SQL on PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let setting: PurchaseSetting;
  let paymentTypeId: string;
  let productId: string;

  /**
   * The members among `among` by a full evaluation, checked against the same tree compiled for just
   * those customers (the incremental form): the two must agree.
   */
  const members = async (tree: SegmentCondition, among: string[]): Promise<string[]> => {
    checkSegmentConditions(tree);
    const full = new SegmentSqlParams(clock);
    const fullRows: { customer_id: string }[] = await db.query(segmentMatchSql(tree, full), full.values);
    const scoped = new SegmentSqlParams(clock, among);
    const scopedRows: { customer_id: string }[] = await db.query(segmentMatchSql(tree, scoped), scoped.values);
    const fromFull = fullRows.map((row) => row.customer_id).filter((id) => among.includes(id));
    const fromScoped = scopedRows.map((row) => row.customer_id);
    expect(fromScoped.sort()).toEqual(fromFull.sort());
    return among.filter((id) => fromFull.includes(id));
  };

  const customer = async (fields: Record<string, unknown> = {}): Promise<string> => {
    const id = newId();
    const columns = ['customer_id', ...Object.keys(fields)];
    await db.query(`INSERT INTO customers (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, [
      id,
      ...Object.values(fields),
    ]);
    return id;
  };

  const purchase = async (customerId: string, options: { days?: number; total?: number; storeId?: string } = {}): Promise<string> => {
    const id = newId();
    await db.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                              currency_id, payment_time, total_price, items_count)
       VALUES ($1, $2, $3, $4, '1', $5, $6, $7, $8, $9, 1)`,
      [
        id,
        `bill-${randomBytes(6).toString('hex')}`,
        customerId,
        options.storeId ?? setting.storeId,
        setting.purchaseTypeId,
        paymentTypeId,
        setting.currencyId,
        daysAgo(options.days ?? 0),
        options.total ?? 40,
      ],
    );
    await db.query(
      `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, purchase_item_type_id,
                                   price, paid_amount, amount, vat_rate)
       VALUES ($1, $2, 1, '1', $3, $4, $5, $5, 1, 21)`,
      [newId(), id, productId, setting.itemTypeId, options.total ?? 40],
    );
    return id;
  };

  const cancel = async (purchaseId: string): Promise<void> => {
    await db.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                              currency_id, payment_time, total_price, items_count, canceled, canceled_purchase_id)
       SELECT $1, $2, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id, currency_id, now(), total_price, 1, true, purchase_id
         FROM purchases WHERE purchase_id = $3`,
      [newId(), `cancel-${randomBytes(6).toString('hex')}`, purchaseId],
    );
  };

  const one = async (sql: string): Promise<string> => Object.values((await db.query(sql))[0] as Record<string, string>)[0];

  beforeAll(async () => {
    t = await TestApp.create();
    db = t.dataSource;
    setting = await purchaseSetting(db);
    paymentTypeId = await one(`SELECT payment_type_id FROM payment_types ORDER BY payment_type_id LIMIT 1`);
    productId = newId();
    await db.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Green tea')`, [productId]);
  });

  afterAll(() => t.close());

  it('profile: one of, contains, present and absent, without regard to case; NULL is simply not a match', async () => {
    const prague = await customer({ city: 'Praha', first_name: 'Ann', country_code: 'CZ' });
    const brno = await customer({ city: 'Brno', first_name: 'Annabel', country_code: 'CZ' });
    const nowhere = await customer({ first_name: 'Bob' });
    const all = [prague, brno, nowhere];
    expect(await members({ kind: 'profile', field: 'city', op: 'one_of', values: ['praha'] }, all)).toEqual([prague]);
    expect(await members({ kind: 'not', condition: { kind: 'profile', field: 'city', op: 'one_of', values: ['Praha'] } }, all)).toEqual([
      brno,
      nowhere,
    ]);
    expect(await members({ kind: 'profile', field: 'first_name', op: 'contains', values: ['NNA'] }, all)).toEqual([brno]);
    expect(await members({ kind: 'profile', field: 'country_code', op: 'present' }, all)).toEqual([prague, brno]);
    expect(await members({ kind: 'profile', field: 'city', op: 'absent' }, all)).toEqual([nowhere]);
  });

  it('property: one of (a multiselect holding one), numbers at least and at most, present and absent', async () => {
    const property = `shoe_size_${randomBytes(3).toString('hex')}`;
    const sports = `sports_${randomBytes(3).toString('hex')}`;
    await db.query(
      `INSERT INTO customer_properties (property_id, name, data_type) VALUES ($1, 'Shoe size', 'integer'), ($2, 'Sports', 'multiselect')`,
      [property, sports],
    );
    const [small, large, none] = [await customer(), await customer(), await customer()];
    const record = (customerId: string, propertyId: string, value: unknown) =>
      db.query(
        `INSERT INTO customer_property_records (property_record_id, customer_id, property_id, property_value) VALUES ($1, $2, $3, $4)`,
        [newId(), customerId, propertyId, JSON.stringify(value)],
      );
    await record(small, property, 38);
    await record(large, property, 45);
    await record(large, sports, ['running', 'tennis']);
    const all = [small, large, none];
    expect(await members({ kind: 'property', property_id: property, op: 'at_least', value: 40 }, all)).toEqual([large]);
    expect(await members({ kind: 'property', property_id: property, op: 'at_most', value: 40 }, all)).toEqual([small]);
    expect(await members({ kind: 'property', property_id: property, op: 'one_of', values: [38, 39] }, all)).toEqual([small]);
    expect(await members({ kind: 'property', property_id: sports, op: 'one_of', values: ['tennis'] }, all)).toEqual([large]);
    expect(await members({ kind: 'property', property_id: property, op: 'absent' }, all)).toEqual([none]);
  });

  it('status: the status in force', async () => {
    const statusId = await one(`SELECT status_id FROM statuses ORDER BY tier LIMIT 1`);
    const [holder, ended, none] = [await customer(), await customer(), await customer()];
    await db.query(
      `INSERT INTO customer_status_records (status_record_id, customer_id, status_id, valid_from, valid_to)
       VALUES ($1, $2, $4, now() - interval '10 days', NULL), ($3, $5, $4, now() - interval '400 days', now() - interval '300 days')`,
      [newId(), holder, newId(), statusId, ended],
    );
    expect(await members({ kind: 'status', status_ids: [statusId] }, [holder, ended, none])).toEqual([holder]);
  });

  it('consent: the agreement given, not one withdrawn', async () => {
    const agreementId = newId();
    await db.query(`INSERT INTO agreements (agreement_id, name, text_id) VALUES ($1, 'Newsletter', $2)`, [
      agreementId,
      `news-${agreementId}`,
    ]);
    const [given, withdrawn, none] = [await customer(), await customer(), await customer()];
    await db.query(`INSERT INTO customer_consents (customer_id, agreement_id, consent_value) VALUES ($1, $3, 1), ($2, $3, 0)`, [
      given,
      withdrawn,
      agreementId,
    ]);
    expect(await members({ kind: 'consent', agreement_id: agreementId }, [given, withdrawn, none])).toEqual([given]);
  });

  it('age and birthday: whole years on the programme date, the birthday within the next days', async () => {
    const year = Number(clock.today.slice(0, 4));
    const thirtyToday = await customer({ birthdate: `${year - 30}${clock.today.slice(4)}` });
    const thirtyTomorrow = await customer({ birthdate: isoDate(new Date(Date.UTC(year - 30, now.getUTCMonth(), now.getUTCDate() + 1))) });
    const unknown = await customer();
    const all = [thirtyToday, thirtyTomorrow, unknown];
    expect(await members({ kind: 'age', min: 30 }, all)).toEqual([thirtyToday]);
    expect(await members({ kind: 'age', max: 29 }, all)).toEqual([thirtyTomorrow]);
    expect(await members({ kind: 'birthday', within_days: 0 }, all)).toEqual([thirtyToday]);
    expect(await members({ kind: 'birthday', within_days: 1 }, all)).toEqual([thirtyToday, thirtyTomorrow]);
    expect(await members({ kind: 'not', condition: { kind: 'age', min: 30 } }, all)).toEqual([thirtyTomorrow, unknown]);
  });

  it('card type: an active card of the type', async () => {
    const cardTypeId = await one(`SELECT card_type_id FROM card_types ORDER BY card_type_id LIMIT 1`);
    const [holder, blocked] = [await customer(), await customer()];
    await db.query(
      `INSERT INTO cards (card_id, customer_id, card_number, card_type_id, state) VALUES ($1, $2, $3, $7, 1), ($4, $5, $6, $7, 0)`,
      [newId(), holder, `c-${newId()}`, newId(), blocked, `c-${newId()}`, cardTypeId],
    );
    expect(await members({ kind: 'card_type', card_type_ids: [cardTypeId] }, [holder, blocked])).toEqual([holder]);
  });

  it('purchases: count and amount over a rolling window, cancellations left out, zero purchases within an upper bound, a store visited', async () => {
    const [twice, once, old, canceled, never] = [await customer(), await customer(), await customer(), await customer(), await customer()];
    await purchase(twice, { days: 1, total: 30 });
    await purchase(twice, { days: 2, total: 30 });
    await purchase(once, { days: 3, total: 100 });
    await purchase(old, { days: 40 });
    await cancel(await purchase(canceled, { days: 1 }));
    const all = [twice, once, old, canceled, never];
    expect(await members({ kind: 'purchases', days: 30, count_min: 2 }, all)).toEqual([twice]);
    expect(await members({ kind: 'purchases', days: 30, count_min: 1 }, all)).toEqual([twice, once]);
    expect(await members({ kind: 'purchases', days: 30, amount_min: 80 }, all)).toEqual([once]);
    expect(await members({ kind: 'purchases', count_min: 1 }, all)).toEqual([twice, once, old]);
    expect(await members({ kind: 'purchases', days: 30, count_max: 0 }, all)).toEqual([old, canceled, never]);
    expect(await members({ kind: 'purchases', days: 30, count_max: 1 }, all)).toEqual([once, old, canceled, never]);
    expect(await members({ kind: 'purchases', store_ids: [setting.storeId], count_min: 1, days: 5 }, all)).toEqual([twice, once]);
  });

  it('bought: a product, group or brand in a live purchase in the window; tags of the product', async () => {
    const tagId = newId();
    await db.query(`INSERT INTO tags (tag_id, text_id) VALUES ($1, $2)`, [tagId, `organic-${tagId}`]);
    await db.query(`INSERT INTO product_tag_records (product_id, tag_id) VALUES ($1, $2)`, [productId, tagId]);
    const [buyer, canceled, none] = [await customer(), await customer(), await customer()];
    await purchase(buyer, { days: 2 });
    await cancel(await purchase(canceled, { days: 2 }));
    const all = [buyer, canceled, none];
    expect(await members({ kind: 'bought', product_ids: [productId] }, all)).toEqual([buyer]);
    expect(await members({ kind: 'bought', tag_ids: [tagId], days: 7 }, all)).toEqual([buyer]);
    expect(await members({ kind: 'bought', product_ids: [productId], days: 1 }, all)).toEqual([]);
  });

  it('last purchase: more than N days ago, never bought is no match', async () => {
    const [lapsed, recent, never] = [await customer(), await customer(), await customer()];
    await purchase(lapsed, { days: 90 });
    await purchase(recent, { days: 90 });
    await purchase(recent, { days: 3 });
    expect(await members({ kind: 'last_purchase', more_than_days: 60 }, [lapsed, recent, never])).toEqual([lapsed]);
  });

  it('points: the balance available now and the points earned in the window', async () => {
    const pointTypeId = await one(`SELECT point_type_id FROM point_types ORDER BY point_type_id LIMIT 1`);
    const partnerId = await one(`SELECT partner_id FROM partners ORDER BY partner_id LIMIT 1`);
    const [rich, expired, earnedLongAgo] = [await customer(), await customer(), await customer()];
    const points = (customerId: string, assigned: number, available: number, created: string, validTo: string | null) =>
      db.query(
        `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, assigned_points, available_points, valid_to, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [newId(), customerId, pointTypeId, partnerId, assigned, available, validTo, created],
      );
    await points(rich, 500, 500, daysAgo(1), null);
    await points(expired, 500, 500, daysAgo(1), daysAgo(0.5));
    await points(earnedLongAgo, 500, 500, daysAgo(100), null);
    const all = [rich, expired, earnedLongAgo];
    expect(await members({ kind: 'points_balance', min: 100 }, all)).toEqual([rich, earnedLongAgo]);
    expect(await members({ kind: 'points_balance', max: 100 }, all)).toEqual([expired]);
    expect(await members({ kind: 'points_earned', days: 30, min: 100 }, all)).toEqual([rich, expired]);
  });

  it('vouchers used: used up in the window', async () => {
    const rewardId = newId();
    await db.query(
      `INSERT INTO rewards (reward_id, code, reward_group, reward_type_id) SELECT $1, $2, 0, reward_type_id FROM reward_types ORDER BY reward_type_id LIMIT 1`,
      [rewardId, `r-${rewardId}`],
    );
    const [user, holder] = [await customer(), await customer()];
    await db.query(
      `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, applied_at) VALUES ($1, $3, $4, $5, now() - interval '2 days'), ($2, $3, $6, $7, NULL)`,
      [newId(), newId(), rewardId, user, `v-${newId()}`, holder, `v-${newId()}`],
    );
    expect(await members({ kind: 'vouchers_used', days: 7, count_min: 1, reward_ids: [rewardId] }, [user, holder])).toEqual([user]);
  });

  it('event: of a type, in the window, with property values, counted', async () => {
    const typeId = newId();
    const textId = `visit_${randomBytes(3).toString('hex')}`;
    await db.query(
      `INSERT INTO event_types (event_type_id, text_id, name, event_group_id) SELECT $1, $2, 'Visit', event_group_id FROM event_groups LIMIT 1`,
      [typeId, textId],
    );
    const [twiceWeb, onceApp, none] = [await customer(), await customer(), await customer()];
    const event = (customerId: string, data: object, created: string) =>
      db.query(
        `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [newId(), typeId, customerId, newId(), JSON.stringify(data), created],
      );
    await event(twiceWeb, { channel: 'web', page: 'home' }, daysAgo(1));
    await event(twiceWeb, { channel: 'web' }, daysAgo(2));
    await event(onceApp, { channel: 'app' }, daysAgo(1));
    await event(onceApp, { channel: 'web' }, daysAgo(50));
    const all = [twiceWeb, onceApp, none];
    expect(await members({ kind: 'event', event_type: textId }, all)).toEqual([twiceWeb, onceApp]);
    expect(await members({ kind: 'event', event_type: textId, days: 30, properties: { channel: 'web' } }, all)).toEqual([twiceWeb]);
    expect(await members({ kind: 'event', event_type: textId, count_min: 2, days: 30 }, all)).toEqual([twiceWeb]);
    expect(await members({ kind: 'event', event_type: textId, count_max: 0, days: 30 }, all)).toEqual([none]);
  });

  it('segment, all, any and not: membership of another segment and the tree around it', async () => {
    const segmentId = newId();
    await db.query(`INSERT INTO segments (segment_id, name) VALUES ($1, 'Inner')`, [segmentId]);
    const [inner, praguer, both] = [await customer(), await customer({ city: 'Praha' }), await customer({ city: 'Praha' })];
    await db.query(`INSERT INTO segment_records (segment_id, customer_id) VALUES ($1, $2), ($1, $3)`, [segmentId, inner, both]);
    const all = [inner, praguer, both];
    const inSegment: SegmentCondition = { kind: 'segment', segment_id: segmentId };
    const inPrague: SegmentCondition = { kind: 'profile', field: 'city', op: 'one_of', values: ['Praha'] };
    expect(await members(inSegment, all)).toEqual([inner, both]);
    expect(await members({ kind: 'all', conditions: [inSegment, inPrague] }, all)).toEqual([both]);
    expect(await members({ kind: 'any', conditions: [inSegment, inPrague] }, all)).toEqual(all);
    expect(await members({ kind: 'all', conditions: [inPrague, { kind: 'not', condition: inSegment }] }, all)).toEqual([praguer]);
  });

  it('passes every value as a parameter: a value that looks like SQL is only a value', async () => {
    const quoted = await customer({ city: "O'Brien'); DROP TABLE customers; --" });
    expect(
      await members({ kind: 'profile', field: 'city', op: 'one_of', values: ["O'Brien'); DROP TABLE customers; --"] }, [quoted]),
    ).toEqual([quoted]);
    const params = new SegmentSqlParams(clock);
    expect(segmentMatchSql({ kind: 'profile', field: 'city', op: 'one_of', values: ['DROP'] }, params)).not.toContain('DROP');
  });
});
