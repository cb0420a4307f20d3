import { randomBytes } from 'node:crypto';
import { PurchasePropertyService } from '../../src/modules/purchases';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

interface Line {
  serial?: string;
}

describe('Required and unique purchase properties in send-purchase (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let storeId: string;
  let itemType: string;
  let purchaseType: string;
  let currencyId: string;
  const receipt = `receipt_${hex().slice(0, 8)}`;
  const note = `note_${hex().slice(0, 8)}`;
  const serial = `serial_${hex().slice(0, 8)}`;

  /** A bill of one line per `lines` entry, each line with its serial number when given. */
  const finalBill = (lines: Line[], properties: Record<string, string>, overrides: Record<string, unknown> = {}) => ({
    bill_id: hex(),
    payment_time: '2026-11-20 10:00:00',
    currency_id: currencyId,
    total_price: 10 * lines.length,
    purchase_type_id: purchaseType,
    canceled: false,
    payment_type: 'S',
    property_records: Object.entries(properties).map(([property_id, property_value]) => ({ property_id, property_value })),
    bill_items: lines.map((line, index) => ({
      plu_ids: [{ list_code: 'EAN', code: 'unique-props' }],
      plu_name: 'Item',
      vat_rate: 21,
      quantity: 1,
      paid_amount: 10,
      price: 10,
      bill_item_id: String(index + 1),
      loyalty_off: false,
      purchase_item_type_id: itemType,
      ...(line.serial ? { purchase_item_property_records: [{ property_id: serial, property_value: line.serial }] } : {}),
    })),
    ...overrides,
  });
  const send = (bill: unknown, customerId?: string): Promise<TestResponse> =>
    t.enterprise('POST', '/purchases/actions/send-purchase', {
      token,
      body: { store_id: storeId, cashdesk_number: 1, ...(customerId ? { customer_id: customerId } : {}), bill },
    });
  const cancellationOf = (original: ReturnType<typeof finalBill>, properties: Record<string, string>, lines: Line[]) =>
    finalBill(lines, properties, { canceled: true, bill_number: original.bill_id });
  const count = async (sql: string, params: unknown[] = []): Promise<number> => (await t.dataSource.query(sql, params))[0].n;
  const booked = async () => ({
    purchases: await count(`SELECT count(*)::int AS n FROM purchases`),
    items: await count(`SELECT count(*)::int AS n FROM purchase_items`),
    values: await count(`SELECT count(*)::int AS n FROM purchase_property_records`),
    itemValues: await count(`SELECT count(*)::int AS n FROM purchase_item_property_records`),
    points: await count(`SELECT count(*)::int AS n FROM point_history`),
  });

  async function expectRefused(bill: unknown, name: string, value: string, customerId?: string): Promise<void> {
    const before = await booked();
    const response = await send(bill, customerId);
    expect({ status: response.status, params: response.body.error?.error_data?.invalid_params }).toEqual({
      status: 400,
      params: [expect.objectContaining({ name, reason: 'already_exists', value })],
    });
    expect(await booked()).toEqual(before);
  }

  const expectBooked = async (bill: unknown, customerId?: string): Promise<void> => {
    const response = await send(bill, customerId);
    expect({ status: response.status, body: response.status === 201 ? null : response.body }).toEqual({ status: 201, body: null });
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [{ store_id: storeId }] = await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`);
    [{ purchase_item_type_id: itemType }] = await t.dataSource.query(
      `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
    );
    [{ purchase_type_id: purchaseType }] = await t.dataSource.query(
      `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
    );
    [{ currency_id: currencyId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    const properties = t.service(PurchasePropertyService);
    const base = { isRequired: false, items: [], dataType: 'string' };
    await t.dataSource.transaction(async (m) => {
      await properties.insertIn({ ...base, resource: 'purchase', propertyId: receipt, name: 'Receipt number', isUnique: true }, m);
      await properties.insertIn({ ...base, resource: 'purchase', propertyId: note, name: 'Note', isUnique: false }, m);
      await properties.insertIn({ ...base, resource: 'purchase_item', propertyId: serial, name: 'Serial number', isUnique: true }, m);
    });
  });

  afterAll(() => t.close());

  it('refuses a purchase value another purchase has and books nothing; other properties may repeat', async () => {
    const customer = await t.createCustomer();
    await expectBooked(finalBill([{}], { [receipt]: 'R-1', [note]: 'fragile' }), customer.customerId);
    await expectRefused(
      finalBill([{}], { [note]: 'other', [receipt]: 'R-1' }),
      'bill.property_records.1.property_value',
      'R-1',
      customer.customerId,
    );
    await expectBooked(finalBill([{}], { [receipt]: 'R-2', [note]: 'fragile' }), customer.customerId);
  });

  it('refuses an item value another purchase item has, or another line of the bill', async () => {
    await expectBooked(finalBill([{ serial: 'S-1' }, { serial: 'S-2' }], {}));
    await expectRefused(
      finalBill([{ serial: 'S-3' }, { serial: 'S-2' }], {}),
      'bill.bill_items.1.purchase_item_property_records.0.property_value',
      'S-2',
    );
    await expectRefused(
      finalBill([{ serial: 'S-4' }, {}, { serial: 'S-4' }], {}),
      'bill.bill_items.2.purchase_item_property_records.0.property_value',
      'S-4',
    );
    await expectBooked(finalBill([{ serial: 'S-3' }, { serial: 'S-4' }], {}));
  });

  it('lets a cancellation repeat the values of the purchase it cancels, not those of another purchase', async () => {
    const original = finalBill([{ serial: 'S-10' }], { [receipt]: 'R-10' });
    const other = finalBill([{ serial: 'S-11' }], { [receipt]: 'R-11' });
    await expectBooked(original);
    await expectBooked(other);
    await expectRefused(
      cancellationOf(original, { [receipt]: 'R-11' }, [{ serial: 'S-10' }]),
      'bill.property_records.0.property_value',
      'R-11',
    );
    await expectRefused(
      cancellationOf(original, { [receipt]: 'R-10' }, [{ serial: 'S-11' }]),
      'bill.bill_items.0.purchase_item_property_records.0.property_value',
      'S-11',
    );
    await expectBooked(cancellationOf(original, { [receipt]: 'R-10' }, [{ serial: 'S-10' }]));
    // The cancelled purchase keeps its values: a new purchase may not take them over.
    await expectRefused(finalBill([{}], { [receipt]: 'R-10' }), 'bill.property_records.0.property_value', 'R-10');
  });

  it('books one of two concurrent bills with the same unique value and refuses the other', async () => {
    for (let round = 0; round < 5; round++) {
      const value = `R-race-${round}`;
      const responses = await Promise.all([
        send(finalBill([{ serial: `S-race-${round}-a` }], { [receipt]: value })),
        send(finalBill([{ serial: `S-race-${round}-b` }], { [receipt]: value })),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 400]);
      const refused = responses.find((response) => response.status === 400)!;
      expect(refused.body.error.error_data.invalid_params).toEqual([
        expect.objectContaining({ name: 'bill.property_records.0.property_value', reason: 'already_exists' }),
      ]);
      expect(
        await count(`SELECT count(*)::int AS n FROM purchase_property_records WHERE property_id = $1 AND property_value = $2::jsonb`, [
          receipt,
          JSON.stringify(value),
        ]),
      ).toBe(1);
    }
  });

  it('refuses a bill, or a line, that leaves out a required property, and books nothing', async () => {
    const properties = t.service(PurchasePropertyService);
    const cashier = `cashier_${hex().slice(0, 8)}`;
    const lot = `lot_${hex().slice(0, 8)}`;
    const base = { isRequired: true, isUnique: false, items: [], dataType: 'string' };
    await t.dataSource.transaction(async (m) => {
      await properties.insertIn({ ...base, resource: 'purchase', propertyId: cashier, name: 'Cashier' }, m);
      await properties.insertIn({ ...base, resource: 'purchase_item', propertyId: lot, name: 'Lot' }, m);
    });
    const withLots = (bill: ReturnType<typeof finalBill>, lots: (string | null)[]) => ({
      ...bill,
      bill_items: bill.bill_items.map((item, index) => ({
        ...item,
        ...(lots[index] ? { purchase_item_property_records: [{ property_id: lot, property_value: lots[index] }] } : {}),
      })),
    });
    const expectMissing = async (bill: unknown, name: string, propertyId: string) => {
      const before = await booked();
      const response = await send(bill);
      expect({ status: response.status, params: response.body.error?.error_data?.invalid_params }).toEqual({
        status: 400,
        params: [expect.objectContaining({ name, reason: 'required', value: propertyId })],
      });
      expect(await booked()).toEqual(before);
    };
    try {
      await expectMissing(withLots(finalBill([{}], {}), ['L-1']), 'bill.property_records', cashier);
      await expectMissing(
        withLots(finalBill([{}, {}], { [cashier]: 'Ann' }), ['L-1', null]),
        'bill.bill_items.1.purchase_item_property_records',
        lot,
      );
      await expectBooked(withLots(finalBill([{}, {}], { [cashier]: 'Ann' }), ['L-1', 'L-2']));
    } finally {
      // The other tests' bills do not carry these properties.
      await t.dataSource.transaction(async (m) => {
        await properties.setStateIn('purchase', cashier, 0, m);
        await properties.setStateIn('purchase_item', lot, 0, m);
      });
    }
  });
});
