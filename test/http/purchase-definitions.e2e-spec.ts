import { randomBytes } from 'node:crypto';
import { PaymentTypeService, PurchaseItemTypeService, PurchasePropertyService, PurchaseTypeService } from '../../src/modules/purchases';
import { LoyaltyRuleService } from '../../src/modules/loyalty';
import { TestApp, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const hex = () => randomBytes(16).toString('hex');

describe('Purchase definitions (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let device: string;
  const sizeProperty = `size_${hex().slice(0, 8)}`;
  const noteProperty = `note_${hex().slice(0, 8)}`;
  const sizeItem = hex();

  const ent = (path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t.enterprise('GET', path, { token, query });
  const cust = (path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t.customer('GET', path, { token: device, query });
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;

  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_TIME_ZONE: 'Europe/Prague' });
    token = await t.enterpriseToken();
    device = await t.deviceToken();
    await t.dataSource.query(
      `INSERT INTO purchase_properties (resource, property_id, name, data_type, is_required) VALUES
         ('purchase', $1, 'Delivery size', 'enum', false), ('purchase', $2, 'Cashier note', 'string', true),
         ('purchase_item', $1, 'Item size', 'integer', false), ('purchase', 'gone', 'Gone', 'string', false)`,
      [sizeProperty, noteProperty],
    );
    await t.dataSource.query(`UPDATE purchase_properties SET state = 0 WHERE property_id = 'gone'`);
    await t.dataSource.query(`INSERT INTO purchase_property_items (id, resource, property_id, name) VALUES ($1, 'purchase', $2, 'Large')`, [
      sizeItem,
      sizeProperty,
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  describe.each([
    ['Enterprise', () => ent],
    ['Customer', () => cust],
  ])('on the %s interface', (_name, client) => {
    const get = (path: string, query?: Record<string, string | string[]>) => client()(path, query);

    it('lists the purchase types and filters them by text id', async () => {
      const all = await get('/purchase-types');
      expect(all.status).toBe(200);
      expect(all.body.data.total_items).toBe(2);
      expect(all.body.data.purchase_types.map((type: { text_id: string }) => type.text_id).sort()).toEqual([
        'ecommerce_purchase',
        'store_purchase',
      ]);
      const one = await get('/purchase-types', { text_id: 'store_purchase' });
      expect(one.body.data).toEqual({
        purchase_types: [{ type_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Store purchase', text_id: 'store_purchase' }],
        total_items: 1,
      });
      const sorted = await get('/purchase-types', { sort_field: 'name', sort_direction: 'DESC' });
      expect(sorted.body.data.purchase_types.map((type: { name: string }) => type.name)).toEqual(['Store purchase', 'E-commerce purchase']);
    });

    it('lists the purchase item types and filters them by text id', async () => {
      const all = await get('/purchase-item-types', { count: '2', sort_field: 'text_id' });
      expect(all.body.data.total_items).toBe(6);
      expect(all.body.data.purchase_item_types.map((type: { text_id: string }) => type.text_id)).toEqual([
        'cancel',
        'ecommerce_transaction',
      ]);
      const one = await get('/purchase-item-types', { text_id: 'points_payment_only' });
      expect(one.body.data.purchase_item_types).toEqual([
        { type_id: expect.any(String), name: 'Point payments only', text_id: 'points_payment_only' },
      ]);
      expect(Object.keys(one.body.data.purchase_item_types[0]).sort()).toEqual(['name', 'text_id', 'type_id']);
    });

    it('lists the payment types and answers one or 404', async () => {
      const all = await get('/payment-types', { sort_field: 'payment_type_id' });
      expect(all.body.data.total_items).toBe(4);
      expect(all.body.data.payment_types.map((type: { payment_type_id: string }) => type.payment_type_id)).toEqual(['A', 'C', 'D', 'S']);
      const one = await get('/payment-types/C');
      expect(one.body.data).toEqual({
        payment_type_id: 'C',
        name: 'Paid with credits, points collected, no overall discounts',
        last_change: expect.stringMatching(DATE_TIME),
      });
      const missing = await get('/payment-types/X');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'payment-types', resource_id: 'X' });
    });

    it('lists purchase properties with their items, filters by name and answers one or 404', async () => {
      const byName = await get('/purchase-properties', { name: 'delivery' });
      expect(byName.body.data).toEqual({
        purchase_properties: [
          {
            property_id: sizeProperty,
            name: 'Delivery size',
            data_type: 'enum',
            items: [{ id: sizeItem, name: 'Large', state: 1 }],
            is_required: false,
            is_unique: false,
            last_change: expect.stringMatching(DATE_TIME),
            state: 1,
          },
        ],
        total_items: 1,
      });
      const all = await get('/purchase-properties', { sort_field: 'name' });
      expect(all.body.data.purchase_properties.map((property: { name: string }) => property.name)).toEqual([
        'Cashier note',
        'Delivery size',
        'Gone',
      ]);
      const one = await get(`/purchase-properties/${noteProperty}`);
      expect(one.body.data).toMatchObject({ property_id: noteProperty, data_type: 'string', is_required: true, items: [] });
      expect((await get('/purchase-properties/nope')).status).toBe(404);
    });

    it('lists purchase item properties apart from purchase properties', async () => {
      const all = await get('/purchase-item-properties');
      expect(all.body.data).toEqual({
        purchase_item_properties: [expect.objectContaining({ property_id: sizeProperty, name: 'Item size', data_type: 'integer' })],
        total_items: 1,
      });
      expect((await get(`/purchase-item-properties/${sizeProperty}`)).body.data.name).toBe('Item size');
      expect((await get(`/purchase-item-properties/${noteProperty}`)).status).toBe(404);
    });

    it.each([['/purchase-types'], ['/purchase-item-types'], ['/payment-types'], ['/purchase-properties'], ['/purchase-item-properties']])(
      'refuses an unknown sort field on %s',
      async (path) => {
        const refused = await get(path, { sort_field: 'flags' });
        expect(refused.status).toBe(400);
        expect(invalidParams(refused)).toEqual([expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' })]);
      },
    );
  });

  describe('services the purchase closure calls', () => {
    it('requires purchase and payment types by id', async () => {
      const [storeType] = (await ent('/purchase-types', { text_id: 'store_purchase' })).body.data.purchase_types;
      expect((await t.service(PurchaseTypeService).require(storeType.type_id)).textId).toBe('store_purchase');
      await expect(t.service(PurchaseTypeService).require('nope')).rejects.toMatchObject({
        details: { data: { params: [expect.objectContaining({ name: 'purchase_type_id', reason: 'not_allowed_value' })] } },
      });
      expect((await t.service(PaymentTypeService).require('S')).collectsPoints).toBe(true);
      await expect(t.service(PaymentTypeService).require('Z')).rejects.toMatchObject({
        details: { data: { params: [expect.objectContaining({ name: 'payment_type', reason: 'not_allowed_value' })] } },
      });
    });

    it('reads item types by id in one map', async () => {
      const types = (await ent('/purchase-item-types')).body.data.purchase_item_types as { type_id: string; text_id: string }[];
      const cancel = types.find((type) => type.text_id === 'cancel')!;
      const found = await t.service(PurchaseItemTypeService).byIds([cancel.type_id, cancel.type_id, 'nope']);
      expect([...found.keys()]).toEqual([cancel.type_id]);
      expect(found.get(cancel.type_id)).toMatchObject({ collectsPoints: false, rewardsApply: false });
    });

    it('checks property values and names every problem', async () => {
      const properties = t.service(PurchasePropertyService);
      await expect(
        properties.validateRecords(
          'purchase',
          [
            { property_id: sizeProperty, property_value: { id: sizeItem } },
            { property_id: noteProperty, property_value: 'fragile' },
          ],
          'purchase.property_records',
        ),
      ).resolves.toEqual([
        { propertyId: sizeProperty, value: sizeItem },
        { propertyId: noteProperty, value: 'fragile' },
      ]);
      await expect(
        properties.validateRecords('purchase_item', [{ property_id: sizeProperty, property_value: '12' }], 'items'),
      ).resolves.toEqual([{ propertyId: sizeProperty, value: 12 }]);
      const refused = properties.validateRecords(
        'purchase',
        [
          { property_id: 'gone', property_value: 'x' },
          { property_id: sizeProperty, property_value: 'Small' },
          { property_id: noteProperty },
          { property_id: sizeProperty, property_value: sizeItem },
        ],
        'records',
      );
      await expect(refused).rejects.toMatchObject({
        details: {
          data: {
            params: [
              expect.objectContaining({ name: 'records.0.property_id', reason: 'not_found' }),
              expect.objectContaining({ name: 'records.1.property_value', reason: 'invalid_value_format', value: 'Small' }),
              expect.objectContaining({ name: 'records.2.property_value', reason: 'required' }),
              expect.objectContaining({ name: 'records.3.property_id', reason: 'not_allowed_value' }),
            ],
          },
        },
      });
      expect(await properties.names('purchase', [sizeProperty, 'nope'])).toEqual(new Map([[sizeProperty, 'Delivery size']]));
    });

    it('resolves loyalty rules per store, partner and project', async () => {
      const rules = t.service(LoyaltyRuleService);
      const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id as string;
      const [storeA, storeB] = [hex(), hex()];
      await t.dataSource.query(
        `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Rules A', $5, 'sys'), ($3, $4, 'Rules B', $5, 'sys')`,
        [storeA, `LA${storeA.slice(0, 6)}`, storeB, `LB${storeB.slice(0, 6)}`, partnerId],
      );
      await rules.set('points_per_currency_unit', 'project', '', '2');
      await rules.set('points_per_currency_unit', 'partner', partnerId, '3');
      await rules.set('points_per_currency_unit', 'store', storeA, '5');
      await rules.set('max_vouchers_per_purchase', 'project', '', '4');
      expect(await rules.rulesFor(storeA, partnerId)).toMatchObject({
        pointsPerCurrencyUnit: 5,
        maxVouchersPerPurchase: 4,
        pointValue: 0.01,
      });
      expect((await rules.rulesFor(storeB, partnerId)).pointsPerCurrencyUnit).toBe(3);
      expect((await rules.rulesFor(storeB, hex())).pointsPerCurrencyUnit).toBe(2);
      expect(await rules.unset('points_per_currency_unit', 'store', storeA)).toBe(true);
      expect(await rules.unset('points_per_currency_unit', 'store', storeA)).toBe(false);
      expect((await rules.rulesFor(storeA, partnerId)).pointsPerCurrencyUnit).toBe(3);
      expect((await rules.list()).filter((rule) => rule.rule === 'points_per_currency_unit').map((rule) => rule.scope)).toEqual([
        'project',
        'partner',
      ]);

      const refusal = (name: string, reason: string) => ({ details: { data: { params: [expect.objectContaining({ name, reason })] } } });
      await expect(rules.set('points_per_euro', 'project', '', '1')).rejects.toMatchObject(refusal('rule', 'not_allowed_value'));
      await expect(rules.set('point_value', 'store', storeA, '1')).rejects.toMatchObject(refusal('scope', 'not_allowed_value'));
      await expect(rules.set('point_value', 'project', '', '0')).rejects.toMatchObject(refusal('value', 'invalid_value_format'));
      await expect(rules.set('points_per_currency_unit', 'store', 'nope', '1')).rejects.toMatchObject(refusal('store_id', 'not_found'));
      await expect(rules.set('points_per_currency_unit', 'partner', 'nope', '1')).rejects.toMatchObject(refusal('partner_id', 'not_found'));
      await expect(rules.set('points_payers', 'project', '', 'gold, nonexistent')).rejects.toMatchObject(refusal('value', 'not_found'));
    });
  });
});
