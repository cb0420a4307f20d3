import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FiguresRollupService } from '../../src/modules/programme-figures';
import type { TestApp } from './test-app';

/** The seeded ids a plain store purchase needs. */
export interface PurchaseSetting {
  storeId: string;
  currencyId: string;
  purchaseTypeId: string;
  itemTypeId: string;
}

export async function purchaseSetting(dataSource: DataSource): Promise<PurchaseSetting> {
  const one = async (sql: string) => Object.values((await dataSource.query(sql))[0] as Record<string, string>)[0];
  return {
    storeId: await one(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`),
    currencyId: await one(`SELECT currency_id FROM currencies WHERE code = 'EUR'`),
    purchaseTypeId: await one(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`),
    itemTypeId: await one(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`),
  };
}

/** The `send-purchase` body of one tea at 40 for the customer; `bill` overrides fields of the bill. */
export function teaPurchase(setting: PurchaseSetting, customerId: string, bill: Record<string, unknown> = {}) {
  return {
    store_id: setting.storeId,
    cashdesk_number: 1,
    customer_id: customerId,
    bill: {
      bill_id: `bill-${randomBytes(6).toString('hex')}`,
      payment_time: new Date().toISOString(),
      currency_id: setting.currencyId,
      total_price: 40,
      purchase_type_id: setting.purchaseTypeId,
      canceled: false,
      payment_type: 'S',
      bill_items: [
        {
          plu_ids: [{ list_code: 'EAN', code: 'webhook-tea' }],
          plu_name: 'Tea',
          vat_rate: 21,
          quantity: 1,
          paid_amount: 40,
          price: 40,
          bill_item_id: '1',
          loyalty_off: false,
          purchase_item_type_id: setting.itemTypeId,
        },
      ],
      ...bill,
    },
  };
}

/** A new customer's tea purchase, closed through the Enterprise interface and rolled up, so the dashboard has figures to draw. */
export async function rolledUpPurchase(t: TestApp): Promise<void> {
  const setting = await purchaseSetting(t.dataSource);
  const customer = await t.createCustomer();
  const sent = await t.enterprise('POST', '/purchases/actions/send-purchase', {
    token: await t.enterpriseToken(),
    body: teaPurchase(setting, customer.customerId),
  });
  expect(sent.status).toBe(201);
  await t.service(FiguresRollupService).run();
}
