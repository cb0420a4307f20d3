import { randomBytes } from 'node:crypto';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('Loyalty cards and card types (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let storeId: string;

  const ent = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const unique = () => randomBytes(4).toString('hex');
  const createType = async (prefix = `${unique()}-`, name = `Type ${unique()}`): Promise<{ id: string; prefix: string }> => {
    const created = await ent('POST', '/card-types', { body: { card_type: { name, prefix } } });
    expect(created.status).toBe(201);
    return { id: created.body.data.card_type_id, prefix };
  };
  const createCard = async (card: Record<string, unknown>): Promise<TestResponse> =>
    ent('POST', '/cards', { body: { card: { state: 1, ...card } } });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores WHERE store_code = 'default'`))[0].store_id;
  });

  afterAll(() => t.close());

  describe('card types', () => {
    it('creates, reads, lists, filters and renames card types', async () => {
      const created = await ent('POST', '/card-types', { body: { card_type: { name: 'Gold Club Card', prefix: '77' } } });
      expect(created.status).toBe(201);
      const id = created.body.data.card_type_id;
      expect((await ent('GET', `/card-types/${id}`)).body.data).toEqual({
        card_type_id: id,
        text_id: 'gold_club_card',
        name: 'Gold Club Card',
        prefix: '77',
      });
      const again = await ent('POST', '/card-types', {
        body: { card_type: { name: 'Gold club card', prefix: '78', card_type_id: 'ignored', text_id: 'ignored' } },
      });
      expect((await ent('GET', `/card-types/${again.body.data.card_type_id}`)).body.data.text_id).toBe('gold_club_card_2');
      const byTextId = await ent('GET', '/card-types', { query: { 'text_id[]': ['gold_club_card', 'gold_club_card_2'] } });
      expect(byTextId.body.data.total_items).toBe(2);
      const byName = await t.customer('GET', '/card-types', { token: await t.deviceToken(), query: { name: 'gold club' } });
      expect(byName.body.data.total_items).toBe(2);
      expect((await ent('PUT', `/card-types/${id}`, { body: { card_type: { name: 'Gold', prefix: '770' } } })).status).toBe(204);
      expect((await ent('GET', `/card-types/${id}`)).body.data).toEqual({
        card_type_id: id,
        text_id: 'gold_club_card',
        name: 'Gold',
        prefix: '770',
      });
      expect(invalidParam(await ent('POST', '/card-types', { body: { card_type: { name: 'No prefix' } } }))).toMatchObject({
        name: 'card_type.prefix',
        reason: 'required',
      });
      expect((await ent('PUT', '/card-types/nope', { body: { card_type: { name: 'x', prefix: '' } } })).status).toBe(404);
      expect((await ent('GET', '/card-types', { query: { sort_field: 'colour' } })).status).toBe(400);
    });

    it('gives existing cards the default card type', async () => {
      const customer = await t.createCustomer();
      const cards = await ent('GET', `/customers/${customer.customerId}/cards`);
      const defaultType = (await ent('GET', '/card-types', { query: { text_id: 'default' } })).body.data.card_types[0];
      expect(cards.body.data.cards).toEqual([
        {
          card_id: expect.any(String),
          customer_id: customer.customerId,
          card_type_id: defaultType.card_type_id,
          card_number: customer.cardNumber,
          last_change: expect.stringMatching(DATE_TIME),
          state: 1,
        },
      ]);
    });
  });

  describe('cards', () => {
    it('creates a card with every field and reads it back', async () => {
      const type = await createType();
      const customer = await t.createCustomer();
      const number = `${type.prefix}0001`;
      const created = await createCard({
        customer_id: customer.customerId,
        card_type_id: type.id,
        card_number: number,
        secondary_card_number: `SEC-${number}`,
        valid_from: '2024-01-01 00:00:00',
        valid_to: '2099-12-31T23:59:59',
        store_id: storeId,
      });
      expect(created.status).toBe(201);
      const card = await ent('GET', `/cards/${created.body.data.card_id}`);
      expect(card.body.data).toEqual({
        card_id: created.body.data.card_id,
        customer_id: customer.customerId,
        card_type_id: type.id,
        card_number: number,
        secondary_card_number: `SEC-${number}`,
        valid_from: '2024-01-01 00:00:00',
        valid_to: '2099-12-31 23:59:59',
        store_id: storeId,
        last_change: expect.stringMatching(DATE_TIME),
        state: 1,
      });
    });

    it('refuses duplicate numbers, wrong prefixes and unknown references', async () => {
      const type = await createType();
      await createCard({ card_type_id: type.id, card_number: `${type.prefix}1` });
      expect(invalidParam(await createCard({ card_type_id: type.id, card_number: `${type.prefix}1` }))).toMatchObject({
        name: 'card.card_number',
        reason: 'already_exists',
      });
      expect(invalidParam(await createCard({ card_type_id: type.id, card_number: `X${type.prefix}2` }))).toMatchObject({
        name: 'card.card_number',
        reason: 'not_allowed_value',
      });
      expect(invalidParam(await createCard({ card_type_id: 'nope', card_number: '1' }))).toMatchObject({
        name: 'card.card_type_id',
        reason: 'not_found',
      });
      expect(
        invalidParam(await createCard({ card_type_id: type.id, card_number: `${type.prefix}3`, customer_id: '0'.repeat(32) })),
      ).toMatchObject({ name: 'card.customer_id', reason: 'not_found' });
      expect(invalidParam(await createCard({ card_type_id: type.id, card_number: `${type.prefix}3`, store_id: 'nope' }))).toMatchObject({
        name: 'card.store_id',
        reason: 'not_found',
      });
      expect(invalidParam(await createCard({ card_type_id: type.id, card_number: `${type.prefix}3`, valid_from: 'soon' }))).toMatchObject({
        name: 'card.valid_from',
        reason: 'invalid_value_format',
      });
      expect(invalidParam(await createCard({ card_type_id: type.id, card_number: `${type.prefix}3`, state: 2 }))).toMatchObject({
        name: 'card.state',
        reason: 'not_allowed_value',
      });
      expect(
        invalidParam(
          await createCard({
            card_type_id: type.id,
            card_number: `${type.prefix}3`,
            valid_from: '2030-01-01 00:00:00',
            valid_to: '2029-01-01 00:00:00',
          }),
        ),
      ).toMatchObject({ name: 'card.valid_to', reason: 'not_allowed_value' });
      expect((await ent('GET', '/cards', { query: { card_type_id: type.id } })).body.data.total_items).toBe(1);
    });

    it('refuses a card number of whitespace alone as empty, and stores no card', async () => {
      const type = await createType('');
      for (const number of [' ', ' \t\n', '\u00a0']) {
        expect(invalidParam(await createCard({ card_type_id: type.id, card_number: number }))).toMatchObject({
          name: 'card.card_number',
          reason: 'empty',
        });
      }
      expect((await ent('GET', '/cards', { query: { card_type_id: type.id } })).body.data.total_items).toBe(0);
    });

    it('filters cards by number lists, secondary numbers, state and validity', async () => {
      const type = await createType();
      const p = type.prefix;
      await createCard({ card_type_id: type.id, card_number: `${p}a`, secondary_card_number: `${p}sec-a` });
      await createCard({ card_type_id: type.id, card_number: `${p}b`, state: 0 });
      await createCard({ card_type_id: type.id, card_number: `${p}c`, valid_to: '2001-01-01 00:00:00' });
      const numbers = (response: TestResponse) => response.body.data.cards.map((c: { card_number: string }) => c.card_number).sort();
      expect(numbers(await ent('GET', '/cards', { query: { 'card_number_list[]': [`${p}a`, `${p}c`] } }))).toEqual([`${p}a`, `${p}c`]);
      expect(numbers(await ent('GET', '/cards', { query: { card_number: `${p}sec-a`, search_secondary_card_number: 'true' } }))).toEqual([
        `${p}a`,
      ]);
      expect(numbers(await ent('GET', '/cards', { query: { card_number: `${p}sec-a` } }))).toEqual([]);
      expect(numbers(await ent('GET', '/cards', { query: { card_type_id: type.id, state: '0' } }))).toEqual([`${p}b`]);
      expect(numbers(await ent('GET', `/card-types/${type.id}/cards`, { query: { is_valid: 'false' } }))).toEqual([`${p}c`]);
      expect(numbers(await ent('GET', `/card-types/${type.id}/cards`, { query: { is_valid: 'true' } }))).toEqual([`${p}a`, `${p}b`]);
      expect((await ent('GET', '/card-types/nope/cards')).status).toBe(404);
      expect((await ent('GET', '/cards', { query: { state: '3' } })).status).toBe(400);
    });

    it('replaces a card: blocks it, and a blocked card logs nobody in', async () => {
      const customer = await t.createCustomer();
      const cardId = (await ent('GET', '/cards', { query: { card_number: customer.cardNumber } })).body.data.cards[0].card_id;
      const card = (await ent('GET', `/cards/${cardId}`)).body.data;
      expect((await ent('PUT', `/cards/${cardId}`, { body: { card: { ...card, state: 0 } } })).status).toBe(204);
      expect((await ent('GET', `/cards/${cardId}`)).body.data.state).toBe(0);
      const login = await t.customer('POST', `/tokens/${await t.deviceToken()}/actions/login`, {
        body: { login_type: 'card', login_value: customer.cardNumber, password: customer.password },
      });
      expect(login.status).not.toBe(200);
      expect((await ent('PUT', '/cards/nope', { body: { card: { ...card, state: 0 } } })).status).toBe(404);
    });

    it('shows a logged-in customer only their own cards', async () => {
      const customer = await t.createCustomer();
      const other = await t.createCustomer();
      const device = await t.deviceToken(customer);
      const mine = await t.customer('GET', '/cards', { token: device });
      expect(mine.body.data.cards.map((c: { card_number: string }) => c.card_number)).toEqual([customer.cardNumber]);
      expect(invalidParam(await t.customer('GET', '/cards', { token: device, query: { customer_id: other.customerId } }))).toMatchObject({
        reason: 'not_belong_to_logged_in_customer',
      });
      const otherCardId = (await ent('GET', '/cards', { query: { customer_id: other.customerId } })).body.data.cards[0].card_id;
      expect((await t.customer('GET', `/cards/${otherCardId}`, { token: device })).status).toBe(404);
      expect((await t.customer('GET', `/customers/${customer.customerId}/cards`, { token: device })).body.data.total_items).toBe(1);
      expect(invalidParam(await t.customer('GET', `/customers/${other.customerId}/cards`, { token: device }))).toMatchObject({
        reason: 'not_belong_to_logged_in_customer',
      });
      const anonymous = await t.customer('GET', '/cards', { token: await t.deviceToken() });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
      const create = await t.customer('POST', '/cards', {
        token: device,
        body: { card: { card_type_id: 'x', card_number: 'y', state: 1 } },
      });
      expect(create.status).toBe(403);
      expect(create.body.error.type).toBe('interface_not_allowed_exception');
    });
    it('lets a logged-in customer replace their own card or claim a free one, nothing else', async () => {
      const type = await createType();
      const customer = await t.createCustomer();
      const other = await t.createCustomer();
      const device = await t.deviceToken(customer);
      const free = (await createCard({ card_type_id: type.id, card_number: `${type.prefix}free` })).body.data.card_id;
      const foreign = (await createCard({ card_type_id: type.id, card_number: `${type.prefix}foreign`, customer_id: other.customerId }))
        .body.data.card_id;
      const claim = await t.customer('PUT', `/cards/${free}`, {
        token: device,
        body: { card: { card_type_id: type.id, card_number: `${type.prefix}free`, state: 1 } },
      });
      expect(claim.status).toBe(204);
      expect((await ent('GET', `/cards/${free}`)).body.data.customer_id).toBe(customer.customerId);
      const block = await t.customer('PUT', `/cards/${free}`, {
        token: device,
        body: { card: { customer_id: customer.customerId, card_type_id: type.id, card_number: `${type.prefix}free`, state: 0 } },
      });
      expect(block.status).toBe(204);
      expect((await ent('GET', `/cards/${free}`)).body.data.state).toBe(0);
      const giveAway = await t.customer('PUT', `/cards/${free}`, {
        token: device,
        body: { card: { customer_id: other.customerId, card_type_id: type.id, card_number: `${type.prefix}free`, state: 1 } },
      });
      expect(invalidParam(giveAway)).toMatchObject({ name: 'card.customer_id', reason: 'not_belong_to_logged_in_customer' });
      const steal = await t.customer('PUT', `/cards/${foreign}`, {
        token: device,
        body: { card: { card_type_id: type.id, card_number: `${type.prefix}foreign`, state: 1 } },
      });
      expect(steal.status).toBe(404);
      expect((await ent('GET', `/cards/${foreign}`)).body.data.customer_id).toBe(other.customerId);
    });
  });

  describe('free cards', () => {
    it('validates and assigns free cards, one per type per customer', async () => {
      const type = await createType();
      const p = type.prefix;
      await createCard({ card_type_id: type.id, card_number: `${p}free-1` });
      await createCard({ card_type_id: type.id, card_number: `${p}free-2` });
      await createCard({ card_type_id: type.id, card_number: `${p}blocked`, state: 0 });
      const validate = async (cardNumber: string) =>
        (await ent('POST', '/cards/actions/validate-free-card', { body: { card_number: cardNumber } })).body.data.is_free_to_use;
      expect(await validate(`${p}free-1`)).toBe(true);
      expect(await validate(`${p}blocked`)).toBe(false);
      expect(await validate(`${p}missing`)).toBe(false);

      const customer = await t.createCustomer();
      const assigned = await ent('POST', '/cards/actions/assign-free-card', {
        body: { card_type_id: type.id, customer_id: customer.customerId },
      });
      expect(assigned.status).toBe(200);
      const card = (await ent('GET', `/cards/${assigned.body.data.card_id}`)).body.data;
      expect(card).toMatchObject({ card_number: `${p}free-1`, customer_id: customer.customerId });
      expect(await validate(`${p}free-1`)).toBe(false);
      const second = await ent('POST', '/cards/actions/assign-free-card', {
        body: { card_type_id: type.id, customer_id: customer.customerId },
      });
      expect(invalidParam(second)).toMatchObject({ name: 'card_type_id', reason: 'relation_already_exists' });

      const other = await t.createCustomer();
      const device = await t.deviceToken(other);
      const blocked = await t.customer('POST', '/cards/actions/assign-free-card', {
        token: device,
        body: { card_type_id: type.id, customer_id: other.customerId, card_number: `${p}blocked` },
      });
      expect(invalidParam(blocked)).toMatchObject({ name: 'card_number', reason: 'card_is_blocked' });
      const taken = await t.customer('POST', '/cards/actions/assign-free-card', {
        token: device,
        body: { card_type_id: type.id, customer_id: other.customerId, card_number: `${p}free-1` },
      });
      expect(invalidParam(taken)).toMatchObject({ name: 'card_number', reason: 'not_allowed_value' });
      const foreign = await t.customer('POST', '/cards/actions/assign-free-card', {
        token: device,
        body: { card_type_id: type.id, customer_id: customer.customerId },
      });
      expect(invalidParam(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const named = await t.customer('POST', '/cards/actions/assign-free-card', {
        token: device,
        body: { card_type_id: type.id, customer_id: other.customerId, card_number: `${p}free-2` },
      });
      expect(named.status).toBe(200);
      const third = await t.createCustomer();
      const empty = await ent('POST', '/cards/actions/assign-free-card', {
        body: { card_type_id: type.id, customer_id: third.customerId },
      });
      expect(invalidParam(empty)).toMatchObject({ name: 'card_type_id', reason: 'not_found' });
    });

    it('hands out distinct cards to concurrent requests', async () => {
      const type = await createType();
      for (let i = 0; i < 5; i++) await createCard({ card_type_id: type.id, card_number: `${type.prefix}${i}` });
      const customers: TestCustomer[] = [];
      for (let i = 0; i < 8; i++) customers.push(await t.createCustomer());
      const responses = await Promise.all(
        customers.map((c) =>
          ent('POST', '/cards/actions/assign-free-card', { body: { card_type_id: type.id, customer_id: c.customerId } }),
        ),
      );
      const ids = responses.filter((r) => r.status === 200).map((r) => r.body.data.card_id);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      expect(responses.filter((r) => r.status === 400)).toHaveLength(3);
    });
  });

  describe('batch', () => {
    it('creates all or nothing in mode 1', async () => {
      const type = await createType();
      const cards = [
        { card_type_id: type.id, card_number: `${type.prefix}1`, state: 1 },
        { card_type_id: type.id, card_number: `${type.prefix}1`, state: 1 },
      ];
      const failed = await ent('POST', '/cards/batch', { body: { cards } });
      expect(invalidParam(failed)).toMatchObject({ name: 'cards[1].card_number', reason: 'already_exists' });
      expect((await ent('GET', `/card-types/${type.id}/cards`)).body.data.total_items).toBe(0);
      const ok = await ent('POST', '/cards/batch', {
        body: { cards: [cards[0], { ...cards[1], card_number: `${type.prefix}2` }], error_processing: 1 },
      });
      expect(ok.status).toBe(204);
      expect((await ent('GET', `/card-types/${type.id}/cards`)).body.data.total_items).toBe(2);
    });

    it('keeps valid cards and reports the others in mode 2', async () => {
      const type = await createType();
      const result = await ent('POST', '/cards/batch', {
        body: {
          error_processing: 2,
          cards: [
            { card_type_id: type.id, card_number: `${type.prefix}1`, state: 1 },
            { card_type_id: 'nope', card_number: `${type.prefix}2`, state: 1 },
            { card_type_id: type.id, card_number: `${type.prefix}3`, state: 1 },
          ],
        },
      });
      expect(result.status).toBe(200);
      expect(result.body.data.errors).toEqual([
        { index: 1, invalid_params: [expect.objectContaining({ name: 'cards[1].card_type_id', reason: 'not_found' })] },
      ]);
      expect((await ent('GET', `/card-types/${type.id}/cards`)).body.data.total_items).toBe(2);
    });
  });

  describe('digital cards', () => {
    it('renders barcode and QR images served at file_url, and refuses wallet and third-party cards', async () => {
      const customer = await t.createCustomer();
      const device = await t.deviceToken(customer);
      const cardId = (await t.customer('GET', '/cards', { token: device })).body.data.cards[0].card_id;
      for (const fileType of ['png', 'qr-png']) {
        const generated = await t.customer('POST', '/cards/actions/generate-digital-card-file', {
          token: device,
          body: { card_id: cardId, file_type: fileType },
        });
        expect(generated.status).toBe(200);
        const url = new URL(generated.body.data.file_url);
        expect(url.pathname).toMatch(/^\/card-files\/[0-9a-f]{32}\.png$/);
        const file = await t.request('GET', url.pathname);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.text.slice(1, 4)).toBe('PNG');
      }
      expect((await t.request('GET', `/card-files/${'0'.repeat(32)}.png`)).status).toBe(404);
      const wallet = await ent('POST', '/cards/actions/generate-digital-card-file', { body: { card_id: cardId, file_type: 'wallet' } });
      expect(wallet.status).toBe(403);
      expect(wallet.body.error.type).toBe('operation_not_allowed_exception');
      expect(
        invalidParam(await ent('POST', '/cards/actions/generate-digital-card-file', { body: { card_id: 'nope', file_type: 'png' } })),
      ).toMatchObject({ name: 'card_id', reason: 'not_found' });
      expect(
        invalidParam(await ent('POST', '/cards/actions/generate-digital-card-file', { body: { card_id: cardId, file_type: 'gif' } })),
      ).toMatchObject({ name: 'file_type', reason: 'not_allowed_value' });
      const stranger = await t.deviceToken(await t.createCustomer());
      expect(
        invalidParam(
          await t.customer('POST', '/cards/actions/generate-digital-card-file', {
            token: stranger,
            body: { card_id: cardId, file_type: 'png' },
          }),
        ),
      ).toMatchObject({ reason: 'not_belong_to_logged_in_customer' });
      const passMachine = await ent('POST', '/cards/actions/generate-pass-machine-card', { body: { customer_id: customer.customerId } });
      expect(passMachine.status).toBe(403);
      expect(passMachine.body.error.exception).toBe('operation_not_allowed_exception');
      const isic = await ent('POST', '/cards/actions/validate-isic-card', { body: { card_number: '1', last_name: 'Novak' } });
      expect(isic.status).toBe(403);
    });
  });
});
