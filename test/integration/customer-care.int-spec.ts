import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { newId } from '@tessera/core';
import { CommonErrorCode } from '@tessera/http';
import { AuditActor } from '../../src/modules/audit';
import { CustomerCareService, PrivacyService } from '../../src/modules/customer-care';
import { TestSmtpServer } from '../support/mail-sinks';
import { purchaseSetting, teaPurchase } from '../support/tea-purchase';
import { withStatements } from '../support/statement-capture';
import { TestApp, TestCustomer } from '../support/test-app';

const operator: AuditActor = { channel: 'operator_api', userId: null, name: 'care-test', operation: 'test' };

/** How a refused request value is reported: an `invalid_params` error naming the field. */
const invalidParam = (name: string) => ({
  code: CommonErrorCode.InvalidParams,
  details: { data: { params: [expect.objectContaining({ name })] } },
});

/** Lower-case letters only, so a name is one word and unlike any seeded text. */
const letters = () => [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

describe('Customer care services (integration)', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let care: CustomerCareService;
  let privacy: PrivacyService;

  const externalId = async (customerId: string, value: string) =>
    t.dataSource.query(
      `INSERT INTO customer_source_records (customer_source_record_id, customer_source_id, customer_id, external_id)
       SELECT $1, customer_source_id, $2, $3 FROM customer_sources ORDER BY customer_source_id LIMIT 1`,
      [newId(), customerId, value],
    );

  /** The statement a search sends, with its parameters. */
  const searchSent = async (text: string): Promise<{ sql: string; params: unknown[] }> => {
    const query = jest.spyOn(Client.prototype, 'query');
    try {
      await care.search({ text });
      const calls = query.mock.calls as unknown as [string, unknown[]][];
      const [sql, params] = calls.find(([statement]) => typeof statement === 'string' && statement.includes('matched_card_numbers')) ?? [];
      if (!sql || !params) throw new Error('the search sent no statement');
      return { sql, params };
    } finally {
      query.mockRestore();
    }
  };

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.create({ TESSERA_SMTP_URL: smtp.url, TESSERA_PASSWORD_SETUP_URL: 'https://shop.example.test/password' });
    care = t.service(CustomerCareService);
    privacy = t.service(PrivacyService);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('search', () => {
    let zofie: TestCustomer;
    const surname = `Dvořáková${letters()}`;

    beforeAll(async () => {
      zofie = await t.createCustomer({ firstName: 'Žofie', lastName: surname, phone: '+420777000111' });
      await externalId(zofie.customerId, 'crm-4711');
    });

    it('finds a customer by e-mail (any case), phone, card number, external id and id', async () => {
      for (const text of [zofie.email.toUpperCase(), '+420777000111', zofie.cardNumber, 'crm-4711', zofie.customerId]) {
        const rows = await care.search({ text });
        expect(rows.map((row) => row.customer_id)).toEqual([zofie.customerId]);
      }
      const [byCard] = await care.search({ text: zofie.cardNumber });
      expect(byCard).toEqual({
        customer_id: zofie.customerId,
        first_name: 'Žofie',
        last_name: surname,
        email: zofie.email,
        phone: '+420777000111',
        state: 1,
        matched_card_numbers: [zofie.cardNumber],
      });
    });

    it('finds a customer by the start of a name whatever its case and accents, in either order', async () => {
      const plainSurname = surname.slice(0, 12).normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      for (const text of [plainSurname, `zofie ${plainSurname}`, `${plainSurname} ZOF`]) {
        expect((await care.search({ text })).map((row) => row.customer_id)).toContain(zofie.customerId);
      }
      expect(await care.search({ text: `zofie nobody${letters()}` })).toEqual([]);
    });

    it('takes name wildcards literally and refuses blank text and odd limits', async () => {
      expect(await care.search({ text: '%%' })).toEqual([]);
      await expect(care.search({ text: '  ' })).rejects.toMatchObject(invalidParam('text'));
      await expect(care.search({ text: 'x', limit: 0 })).rejects.toMatchObject(invalidParam('limit'));
    });

    it('reaches every customer through an index, never a sequential scan', async () => {
      for (const text of ['someone@example.test', '+420777000111', '9001234', 'crm-4711', 'Dvora', 'Zofie Dvora']) {
        const { sql, params } = await searchSent(text);
        const plan = await t.dataSource.transaction(async (manager) => {
          // Tiny tables make a sequential scan the cheapest plan; forbidding it shows whether an index can serve instead.
          await manager.query('SET LOCAL enable_seqscan = off');
          const [row] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          return JSON.stringify(row['QUERY PLAN']);
        });
        expect({ text, seqScan: plan.includes('Seq Scan') }).toEqual({ text, seqScan: false });
      }
    });
  });

  describe('picture and adjustments', () => {
    let customer: TestCustomer;

    beforeAll(async () => {
      customer = await t.createCustomer({ firstName: 'Pavla', lastName: 'Care' });
    });

    it('adjusts points and credits with the reason stored on the movement', async () => {
      expect(await care.adjustPoints(operator, { customerId: customer.customerId, points: 100, reason: 'Lost receipt' })).toMatchObject({
        customer_id: customer.customerId,
        points: 100,
        reason: 'Lost receipt',
      });
      await care.adjustPoints(operator, { customerId: customer.customerId, points: -30.5, reason: 'Double booking' });
      await care.adjustCredits(operator, { customerId: customer.customerId, credits: 50, reason: 'Goodwill' });
      await care.adjustCredits(operator, { customerId: customer.customerId, credits: -20, reason: 'Correction' });
      const notes = await t.dataSource.query(
        `SELECT operation_note, point_amount::text AS amount FROM point_history WHERE customer_id = $1 ORDER BY recorded_at`,
        [customer.customerId],
      );
      expect(notes).toEqual([
        { operation_note: 'Lost receipt', amount: '100.00' },
        { operation_note: 'Double booking', amount: '-30.50' },
      ]);
      const credits = await t.dataSource.query(`SELECT operation_note FROM credit_history WHERE customer_id = $1 ORDER BY recorded_at`, [
        customer.customerId,
      ]);
      expect(credits.map((row: { operation_note: string }) => row.operation_note)).toEqual(['Goodwill', 'Correction']);
    });

    it('refuses a blank reason, a zero amount, more than the balance and an unknown customer', async () => {
      const points = (points: number, reason = 'Why') => care.adjustPoints(operator, { customerId: customer.customerId, points, reason });
      await expect(points(5, '   ')).rejects.toMatchObject(invalidParam('reason'));
      await expect(points(0)).rejects.toMatchObject(invalidParam('points'));
      await expect(points(-1000)).rejects.toMatchObject({ code: 'not_enough_points' });
      await expect(care.adjustCredits(operator, { customerId: customer.customerId, credits: -1000, reason: 'x' })).rejects.toMatchObject({
        code: 'not_enough_credits',
      });
      await expect(care.adjustPoints(operator, { customerId: 'nobody', points: 1, reason: 'x' })).rejects.toMatchObject(
        invalidParam('customer_id'),
      );
    });

    it('shows the whole customer in one call, one statement', async () => {
      const { result: picture, statements } = await withStatements(() => care.picture(customer.customerId), { warmUp: true });
      expect(statements).toHaveLength(1);
      expect(picture.profile).toMatchObject({ customer_id: customer.customerId, first_name: 'Pavla', last_name: 'Care', state: 1 });
      expect(picture.cards).toEqual([expect.objectContaining({ card_number: customer.cardNumber, state: 1 })]);
      expect(picture.point_balances).toEqual([expect.objectContaining({ available_points: 69.5, nearest_expiration: null })]);
      expect(picture.credit_balances).toEqual([expect.objectContaining({ available_credits: 30 })]);
      expect(picture.recent_events.map((event) => event.event_type)).toEqual(
        expect.arrayContaining(['points_earned', 'points_spent', 'credits_deposited', 'credits_spent']),
      );
      expect(picture).toMatchObject({ active_vouchers: [], last_purchases: [], segments: [], recent_messages: [] });
      expect(picture.status).toHaveProperty('progress');
    });

    it('answers an unknown customer as the API does', async () => {
      await expect(care.picture('nobody')).rejects.toMatchObject({ code: CommonErrorCode.RecordNotFound });
    });

    it('blocks and unblocks a card, telling webhooks of the block', async () => {
      const [{ card_id: cardId }] = await t.dataSource.query(`SELECT card_id FROM cards WHERE customer_id = $1`, [customer.customerId]);
      expect(await care.blockCard(operator, cardId)).toEqual({ card_id: cardId, customer_id: customer.customerId, state: 0 });
      expect(await care.blockCard(operator, cardId)).toMatchObject({ state: 0 });
      const blocked = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM customer_events e JOIN event_types t USING (event_type_id) WHERE e.customer_id = $1 AND t.text_id = 'card_blocked'`,
        [customer.customerId],
      );
      expect(blocked[0].n).toBe(1);
      await care.unblockCard(operator, cardId);
      expect((await care.picture(customer.customerId)).cards[0].state).toBe(1);
      await expect(care.blockCard(operator, 'no-card')).rejects.toMatchObject({ code: CommonErrorCode.RecordNotFound });
    });

    it('sends a new password-setup link to the customer', async () => {
      expect(await care.resendPasswordSetup(operator, customer.customerId)).toEqual({ customer_id: customer.customerId, sent: true });
      expect((await care.picture(customer.customerId)).recent_messages).toEqual([
        expect.objectContaining({ kind: 'password_setup', contact: customer.email }),
      ]);
    });
  });

  describe('privacy', () => {
    it('exports every table that holds a customer id, without secrets', async () => {
      const customer = await t.createCustomer({ firstName: 'Export', lastName: 'Me' });
      await t.deviceToken(customer);
      const exported = await privacy.export(operator, customer.customerId);
      const tables: { table_name: string }[] = await t.dataSource.query(
        `SELECT c.table_name FROM information_schema.columns c
           JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = current_schema() AND c.column_name = 'customer_id' AND t.table_type = 'BASE TABLE'`,
      );
      expect(Object.keys(exported.tables)).toEqual(expect.arrayContaining(tables.map((table) => table.table_name)));
      expect(exported.tables.customers).toEqual([expect.objectContaining({ email: customer.email, first_name: 'Export' })]);
      expect(exported.tables.cards).toEqual([expect.objectContaining({ card_number: customer.cardNumber })]);
      expect(exported.tables.device_tokens).toHaveLength(1);
      const columns = Object.values(exported.tables).flatMap((rows) => rows.flatMap((row) => Object.keys(row)));
      expect(columns).toContain('device_token_id');
      expect(columns.filter((column) => /hash|password|secret/.test(column))).toEqual([]);
      await expect(privacy.export(operator, 'nobody')).rejects.toMatchObject({ code: CommonErrorCode.RecordNotFound });
    });

    it('erases the personal data everywhere, keeping the ledgers and purchase totals', async () => {
      const first = `Vendula${letters()}`;
      const last = `Kratochvilova${letters()}`;
      const phone = `+4207${String(Date.now()).slice(-8)}`;
      const customer = await t.createCustomer({ firstName: first, lastName: last, phone });
      const id = customer.customerId;
      await t.deviceToken(customer);
      await externalId(id, `crm-${letters()}`);
      await t.dataSource.query(
        `INSERT INTO customer_addresses (additional_address_id, customer_id, address_type_id, address1, city, zip)
         SELECT $1, $2, address_type_id, $3, 'Brno', '60200' FROM customer_address_types LIMIT 1`,
        [newId(), id, `${first} ${last}, Hlavní 1`],
      );
      await care.adjustPoints(operator, { customerId: id, points: 250, reason: `Goodwill for ${first} ${last}` });
      await care.adjustPoints(operator, { customerId: id, points: -50, reason: `Called from ${phone}` });
      await care.adjustCredits(operator, { customerId: id, credits: 40, reason: `Refund to ${customer.email}` });
      await care.resendPasswordSetup(operator, id);
      const purchase = await t.enterprise('POST', '/purchases/actions/send-purchase', {
        token: await t.enterpriseToken(),
        body: teaPurchase(await purchaseSetting(t.dataSource), id),
      });
      expect(purchase.status).toBe(201);
      const sums = () =>
        t.dataSource.query(
          `SELECT (SELECT sum(point_amount)::text FROM point_history WHERE customer_id = $1) AS points,
                  (SELECT sum(available_points)::text FROM points WHERE customer_id = $1) AS available_points,
                  (SELECT sum(amount)::text FROM credit_history WHERE customer_id = $1) AS credits,
                  (SELECT sum(total_price)::text FROM purchases WHERE customer_id = $1) AS turnover`,
          [id],
        );
      /** Every text, varchar and JSON column of every table that still holds any of the customer's identities. */
      const leftovers = async () => {
        const identities = [customer.email, phone, first, last];
        const columns: { table_name: string; column_name: string }[] = await t.dataSource.query(
          `SELECT c.table_name, c.column_name FROM information_schema.columns c
           JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')`,
        );
        const found: string[] = [];
        for (const { table_name: table, column_name: column } of columns) {
          const [hits] = await t.dataSource.query(
            `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text ILIKE ANY ($1::text[])`,
            [identities.map((value) => `%${value}%`)],
          );
          if (hits.n > 0) found.push(`${table}.${column}`);
        }
        return found;
      };
      expect(await leftovers()).toEqual(
        expect.arrayContaining(['customers.email', 'customers.first_name', 'messages.contact', 'point_history.operation_note']),
      );
      const before = await sums();
      const tokens = await t.dataSource.query(`SELECT device_token_id FROM device_tokens WHERE customer_id = $1`, [id]);
      expect(before[0].turnover).not.toBeNull();

      await privacy.erase(operator, id);

      expect(await sums()).toEqual(before);
      expect(await leftovers()).toEqual([]);

      const [account] = await t.dataSource.query(`SELECT state, birthdate, password_hash FROM customers WHERE customer_id = $1`, [id]);
      expect(account).toEqual({ state: 0, birthdate: null, password_hash: null });
      const logins = await t.dataSource.query(
        `SELECT customer_id, revoked_at IS NOT NULL AS revoked FROM device_tokens WHERE device_token_id = ANY ($1)`,
        [tokens.map((token: { device_token_id: string }) => token.device_token_id)],
      );
      expect(logins).toEqual([{ customer_id: null, revoked: true }]);
      const erased = await t.dataSource.query(
        `SELECT e.data FROM customer_events e JOIN event_types t USING (event_type_id) WHERE e.customer_id = $1 AND t.text_id = 'customer_deleted'`,
        [id],
      );
      expect(erased).toEqual([{ data: { customer_id: id, erased: true } }]);
      await expect(care.picture(id)).rejects.toMatchObject({ code: CommonErrorCode.RecordNotFound });
      await expect(privacy.erase(operator, id)).resolves.toMatchObject({ customer_id: id });
    });
  });
});
