import { randomBytes } from 'node:crypto';
import { AddressInfo, connect } from 'node:net';
import { RewardService } from '../../src/modules/loyalty';
import { BODY_LIMITS } from '../../src/http/body-parsing';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');
const MIB = 1024 * 1024;

/** `count` characters of four UTF-8 bytes each, varied so that PostgreSQL cannot compress them into an index entry. */
const fourByteText = (count: number): string =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(0x10000 + ((i * 7919 + 13) % 0xf000))).join('');

describe('Input limits (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let sourceId: string;

  const ent = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const count = async (table: string): Promise<number> =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const registration = (personal: Record<string, unknown> = {}, source: Record<string, unknown> = {}) => ({
    customer: {
      personal_information: { first_name: 'Ada', language_id: 'en', email: `limits-${hex().slice(0, 10)}@example.test`, ...personal },
    },
    customer_source: { customer_source_id: sourceId, external_id: hex(), ...source },
    autologin: false,
    password: 'Secret-pass-9',
  });

  /** Expects a 400 naming `name` with `reason` and no customer, card or source record written. */
  async function expectRefusedRegistration(body: unknown, name: string, reason = 'invalid_value_format'): Promise<TestResponse> {
    const before = [await count('customers'), await count('customer_source_records')];
    const response = await ent('POST', '/customers', { body });
    expect({ status: response.status, param: response.body?.error?.error_data?.invalid_params?.[0] }).toEqual({
      status: 400,
      param: expect.objectContaining({ name, reason }),
    });
    expect([await count('customers'), await count('customer_source_records')]).toEqual(before);
    return response;
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'e_shop'`))[0]
      .customer_source_id;
  });

  afterAll(() => t.close());

  describe('the malformed requests that answered 500', () => {
    it('refuses JSON nested thousands of levels deep without overflowing the stack', async () => {
      const deep = '['.repeat(5_000) + ']'.repeat(5_000);
      const response = await expectRefusedRegistration(JSON.stringify(registration()).replace('"Ada"', deep), 'body');
      expect(response.body.error.detail).toMatch(/32 levels/);
      let nested: unknown = 'leaf';
      for (let level = 0; level < 32 - 4; level++) nested = [nested];
      const atLimit = await ent('POST', '/customers', { body: { ...registration(), unknown_field: nested } });
      expect(atLimit.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'unknown_field', reason: 'not_allowed_value' });
    });

    it('refuses a NUL character in a body field, a query parameter and a path parameter', async () => {
      await expectRefusedRegistration(registration({ first_name: 'Ad\u0000a' }), 'customer.personal_information.first_name');
      const query = await ent('GET', '/customers', { query: { first_name: 'Ad\u0000a' } });
      expect([query.status, query.body.error.error_data.invalid_params[0]]).toEqual([
        400,
        expect.objectContaining({ name: 'first_name', reason: 'invalid_value_format' }),
      ]);
      const path = await ent('GET', '/customers/ab%00cd');
      expect([path.status, path.body.error.error_data.invalid_params[0]]).toEqual([
        400,
        expect.objectContaining({ name: 'customer_id', reason: 'invalid_value_format' }),
      ]);
    });

    it('refuses an array where an object is expected, as the whole body or as a field', async () => {
      await expectRefusedRegistration([registration()], 'body');
      await expectRefusedRegistration([], 'body');
      const nested = registration();
      await expectRefusedRegistration({ ...nested, customer: [nested.customer] }, 'customer');
      await expectRefusedRegistration(
        { ...nested, customer: { personal_information: [nested.customer.personal_information] } },
        'customer.personal_information',
      );
      await expectRefusedRegistration('"just text"', 'body');
    });

    it('reads offset and other numeric query parameters strictly, within 2^31-1', async () => {
      for (const path of ['/customers', '/rewards', '/vouchers']) {
        for (const offset of ['1e20', '1e3', '0x10', '2147483648']) {
          const response = await ent('GET', path, { query: { offset } });
          expect([path, offset, response.status, response.body.error?.error_data?.invalid_params?.[0]?.name]).toEqual([
            path,
            offset,
            400,
            'offset',
          ]);
        }
      }
      expect((await ent('GET', '/customers', { query: { offset: '2147483647', count: '5' } })).status).toBe(200);
    });

    it('keeps strings that an index holds within the size of an index entry', async () => {
      const wide = fourByteText(1_000);
      await expectRefusedRegistration(registration({}, { external_id: wide }), 'customer_source.external_id');
      await expectRefusedRegistration(registration({ first_name: wide }), 'customer.personal_information.first_name');
      const lookup = await ent('GET', '/customer-source-records', { query: { external_id: wide } });
      expect([lookup.status, lookup.body.error.error_data.invalid_params[0].name]).toEqual([400, 'external_id']);
      const fits = await ent('POST', '/customers', {
        body: registration({ first_name: fourByteText(500) }, { external_id: 'e'.repeat(1_000) }),
      });
      expect(fits.status).toBe(201);
    });

    it('refuses a send-purchase line with no PLU id', async () => {
      const customer = await t.createCustomer();
      const one = async (sql: string) => Object.values((await t.dataSource.query(sql))[0])[0] as string;
      const body = {
        store_id: await one(`SELECT store_id FROM stores WHERE store_code = 'default'`),
        cashdesk_number: 1,
        customer_id: customer.customerId,
        bill: {
          bill_id: hex(),
          payment_time: '2025-05-01 10:00:00',
          currency_id: await one(`SELECT currency_id FROM currencies WHERE code = 'EUR'`),
          total_price: 10,
          purchase_type_id: await one(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`),
          canceled: false,
          payment_type: 'S',
          bill_items: [
            {
              plu_ids: [],
              plu_name: 'Item',
              vat_rate: 21,
              quantity: 1,
              paid_amount: 10,
              price: 10,
              bill_item_id: '1',
              loyalty_off: false,
              purchase_item_type_id: await one(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`),
            },
          ],
        },
      };
      const purchases = await count('purchases');
      const response = await ent('POST', '/purchases/actions/send-purchase', { body });
      expect([response.status, response.body.error.error_data.invalid_params[0]]).toEqual([
        400,
        expect.objectContaining({ name: 'bill.bill_items.0.plu_ids', reason: 'empty' }),
      ]);
      expect(await count('purchases')).toBe(purchases);
    });

    it('refuses a date that is not on the calendar', async () => {
      for (const query of [{ valid_from: '9999-99-99' }, { valid_to: '2025-02-30' }] as Record<string, string>[]) {
        const response = await ent('GET', '/rewards', { query });
        expect([response.status, response.body.error.error_data.invalid_params[0]]).toEqual([
          400,
          expect.objectContaining({ name: Object.keys(query)[0], reason: 'invalid_value_format' }),
        ]);
      }
      expect((await ent('GET', '/rewards', { query: { valid_from: '2024-02-29' } })).status).toBe(200);
    });

    describe('voucher values', () => {
      let customerId: string;
      let rewardId: string;
      let voucherId: string;
      const stored = async () =>
        (await t.dataSource.query(`SELECT value::text AS value, valid_to, note FROM vouchers WHERE voucher_id = $1`, [voucherId]))[0] as {
          value: string | null;
          valid_to: Date | null;
          note: string | null;
        };

      beforeAll(async () => {
        customerId = (await t.createCustomer()).customerId;
        const catalogueItem = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`))[0]
          .reward_type_id;
        rewardId = await t.service(RewardService).define({
          code: `LIM${hex().slice(0, 8)}`,
          names: { en: 'Limits mug' },
          rewardGroup: 1,
          rewardTypeId: catalogueItem,
          pointsCost: 0,
          voucherValidity: 'interval',
          voucherValidityValue: '30 days',
        });
        const created = await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { body: { customer_id: customerId } });
        expect(created.status).toBe(201);
        voucherId = created.body.data.voucher_id;
      });

      it('refuses a value beyond what the amount column holds (2^53+1)', async () => {
        const before = await stored();
        const put = await ent('PUT', `/vouchers/${voucherId}`, { body: { voucher: { customer_id: customerId, value: 2 ** 53 + 1 } } });
        expect([put.status, put.body.error.error_data.invalid_params[0]]).toEqual([
          400,
          expect.objectContaining({ name: 'voucher.value', reason: 'invalid_value_format' }),
        ]);
        const vouchers = await count('vouchers');
        const batch = await ent('POST', '/vouchers/batch', {
          body: { vouchers: [{ reward_id: rewardId, customer_id: customerId, value: 2 ** 53 + 1 }] },
        });
        expect([batch.status, batch.body.error.error_data.invalid_params[0].name]).toEqual([400, 'vouchers.0.value']);
        expect([await stored(), await count('vouchers')]).toEqual([before, vouchers]);
      });

      it('takes null for an optional field as the field left out', async () => {
        const replace = (fields: Record<string, unknown>) =>
          ent('PUT', `/vouchers/${voucherId}`, { body: { voucher: { customer_id: customerId, ...fields } } });
        expect((await replace({})).status).toBe(204);
        const leftOut = await stored();
        expect((await replace({ valid_to: '2099-01-01 00:00:00', note: 'set' })).status).toBe(204);
        expect((await replace({ valid_to: null, note: null, value: null })).status).toBe(204);
        expect(await stored()).toEqual(leftOut);
        const batch = await ent('POST', '/vouchers/batch', {
          body: { vouchers: [{ reward_id: rewardId, customer_id: customerId, valid_to: null }] },
        });
        expect(batch.status).toBe(204);
      });

      it('lets a note be a long text, up to 10,000 bytes of plain letters', async () => {
        const long = await ent('PUT', `/vouchers/${voucherId}`, {
          body: { voucher: { customer_id: customerId, note: 'n'.repeat(10_000) } },
        });
        expect(long.status).toBe(204);
        expect((await stored()).note).toHaveLength(10_000);
        const tooLong = await ent('PUT', `/vouchers/${voucherId}`, {
          body: { voucher: { customer_id: customerId, note: 'n'.repeat(10_001) } },
        });
        expect([tooLong.status, tooLong.body.error.error_data.invalid_params[0].name]).toEqual([400, 'voucher.note']);
      });

      it('counts a note in UTF-8 bytes as stored: 2,500 emoji fit, 4,000 (16,000 bytes) do not', async () => {
        const emoji = await ent('PUT', `/vouchers/${voucherId}`, {
          body: { voucher: { customer_id: customerId, note: fourByteText(2_500) } },
        });
        expect(emoji.status).toBe(204);
        expect([...((await stored()).note ?? '')].length).toBe(2_500);
        const before = await stored();
        const tooMany = await ent('PUT', `/vouchers/${voucherId}`, {
          body: { voucher: { customer_id: customerId, note: '\u{1F600}'.repeat(4_000) } },
        });
        expect([tooMany.status, tooMany.body.error.error_data.invalid_params[0]]).toEqual([
          400,
          expect.objectContaining({ name: 'voucher.note', reason: 'invalid_value_format' }),
        ]);
        expect(await stored()).toEqual(before);
      });
    });
  });

  describe('text that is not Unicode, and notes measured in bytes', () => {
    it('refuses a lone UTF-16 surrogate in an address, a name or a property name, and stores nothing', async () => {
      const customer = await t.createCustomer();
      const addressTypeId = (await ent('GET', '/customer-address-types')).body.data.customer_address_types[0].address_type_id;
      const addresses = await count('customer_addresses');
      for (const city of ['\ud800', 'Brno\udc00', '\ud83dBrno']) {
        const response = await ent('POST', `/customers/${customer.customerId}/addresses`, {
          body: { additional_address: { address_type: addressTypeId, address: { city, zip: '60200', country_code: 'cz' } } },
        });
        expect([response.status, response.body.error.error_data.invalid_params[0]]).toEqual([
          400,
          expect.objectContaining({ name: 'additional_address.address.city', reason: 'invalid_value_format' }),
        ]);
      }
      expect(await count('customer_addresses')).toBe(addresses);
      await expectRefusedRegistration(registration({ first_name: 'Ada\udfff' }), 'customer.personal_information.first_name');
      await expectRefusedRegistration({ ...registration(), ['x\ud800']: 1 }, 'body');
      const pair = await ent('POST', `/customers/${customer.customerId}/addresses`, {
        body: {
          additional_address: { address_type: addressTypeId, address: { city: 'Brno \u{1F600}', zip: '60200', country_code: 'cz' } },
        },
      });
      expect(pair.status).toBe(201);
    });

    it('gives every note the same 10,000 bytes of UTF-8, an emoji counting as four', async () => {
      const one = async (sql: string) => Object.values((await t.dataSource.query(sql))[0])[0] as string;
      const task = (task_note: string) => ({
        task: {
          customer_id: customerId,
          task_type_id: typeId,
          task_state_id: stateId,
          task_title: 'Limits task',
          task_priority: 3,
          task_note,
        },
      });
      const { customerId } = await t.createCustomer();
      const typeId = await one(`SELECT task_type_id FROM task_types WHERE text_id = 'complaint'`);
      const stateId = await one(`SELECT task_state_id FROM task_states WHERE text_id = 'new'`);
      // A task note was held to the 1,000 characters and 2,000 bytes of short strings, a voucher note was not.
      const created = await ent('POST', '/tasks', { body: task(fourByteText(2_500)) });
      expect(created.status).toBe(201);
      const stored = await one(`SELECT task_note FROM tasks WHERE task_id = '${created.body.data.task_id}'`);
      expect([...stored].length).toBe(2_500);
      const tasks = await count('tasks');
      const tooLong = await ent('POST', '/tasks', { body: task('\u{1F600}'.repeat(2_501)) });
      expect([tooLong.status, tooLong.body.error.error_data.invalid_params[0]]).toEqual([
        400,
        expect.objectContaining({ name: 'task.task_note', reason: 'invalid_value_format' }),
      ]);
      expect(await count('tasks')).toBe(tasks);
    });
  });

  describe('string length', () => {
    it('refuses a 10,000-character name and stores nothing; 1,000 characters are fine', async () => {
      const response = await expectRefusedRegistration(
        registration({ first_name: 'N'.repeat(10_000) }),
        'customer.personal_information.first_name',
      );
      expect(response.body.error.detail).toMatch(/at most 1000 characters/);
      expect((await ent('POST', '/customers', { body: registration({ first_name: 'N'.repeat(1_000) }) })).status).toBe(201);
    });
  });

  describe('body size', () => {
    it('answers 413 naming the body past 1 MiB', async () => {
      const body = registration({ first_name: 'x'.repeat(BODY_LIMITS.default) });
      const before = await count('customers');
      const response = await ent('POST', '/customers', { body });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        error: {
          type: 'about:blank',
          exception: 'payload_too_large_exception',
          title: 'Payload too large',
          detail: `The request body may have at most ${MIB} bytes`,
          error_data: { invalid_params: [{ name: 'body', reason: 'invalid_value_format', message: expect.any(String) }] },
        },
      });
      expect(await count('customers')).toBe(before);
    });

    it('lets the photo upload take more than 1 MiB, up to 10 MiB', async () => {
      const customer = await t.createCustomer();
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1.5 * MIB)]);
      const upload = (data: string) =>
        ent('POST', '/customers/actions/upload-customer-photo', { body: { customer_id: customer.customerId, data } });
      const photo = png.toString('base64');
      expect(photo.length).toBeGreaterThan(MIB);
      expect((await upload(photo)).status).toBe(204);
      const oversized = await upload('A'.repeat(10 * MIB));
      expect([oversized.status, oversized.body.error.exception]).toEqual([413, 'payload_too_large_exception']);
    });

    it('takes a batch of 1,000 full product records well within 1 MiB', async () => {
      const eur = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
      const products = Array.from({ length: 1_000 }, (_, i) => ({
        name: `Organic green apple, 1 kg bag, variety ${i}`,
        code: `APL-${100_000 + i}`,
        plu_ids: [
          { list_code: 'EAN', code: String(4_006_381_000_000 + i) },
          { list_code: 'SKU', code: `SKU-APPLE-${i}` },
        ],
        prices: [{ currency_id: eur, value: 19.99 }],
        tags: [],
        state: 1,
      }));
      const body = { error_processing: 2, products };
      expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(BODY_LIMITS.default / 2);
      const before = await count('products');
      expect((await ent('POST', '/products/batch', { body })).status).toBe(204);
      expect(await count('products')).toBe(before + 1_000);
    });
  });

  describe('slow requests', () => {
    let slow: TestApp;

    beforeAll(async () => {
      slow = await TestApp.create({ TESSERA_REQUEST_TIMEOUT: '1s' });
      await slow.app.listen(0, '127.0.0.1');
    });

    afterAll(() => slow.close());

    it('drops a body that has not arrived within the request timeout with 408', async () => {
      const { port } = slow.app.getHttpServer().address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      const started = Date.now();
      const answer = new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', () => resolve(received));
      });
      socket.write(
        'POST /webservice/rest-api/enterprise-interface/v1.0/customers HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"customer":{"personal_',
      );
      const raw = await answer;
      const elapsed = Date.now() - started;
      expect(raw).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        error: expect.objectContaining({
          exception: 'request_timeout_exception',
          title: 'Request timeout',
          error_data: { invalid_params: [expect.objectContaining({ name: 'body' })] },
        }),
      });
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5_000);
    });

    it('still answers a request that arrives in time', async () => {
      const { port } = slow.app.getHttpServer().address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/webservice/rest-api/enterprise-interface/v1.0/countries`);
      expect(response.status).toBe(401);
    });
  });
});
