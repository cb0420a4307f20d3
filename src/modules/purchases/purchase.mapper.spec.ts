import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { toPaymentSummaryDto, toPurchaseDto } from './purchase.mapper';

const purchase = (overrides: Partial<PurchaseEntity> = {}): PurchaseEntity =>
  Object.assign(new PurchaseEntity(), {
    id: 'p1',
    externalPurchaseId: 'BILL-1',
    customerId: 'c1',
    cardNumber: null,
    storeId: 's1',
    cashdeskNumber: '3',
    purchaseTypeId: 't1',
    paymentTypeId: 'S',
    currencyId: 'eur',
    paymentTime: new Date('2025-06-01T10:00:00Z'),
    totalPrice: '80.5000',
    itemsCount: 1,
    earnedPoints: '8.05',
    usedPoints: '0.10',
    voucherPoints: '0.20',
    usedCredits: '1.2500',
    lastChange: new Date('2025-06-01T10:00:01Z'),
    ...overrides,
  });

const item = Object.assign(new PurchaseItemEntity(), {
  id: 'i1',
  purchaseId: 'p1',
  productId: 'prod',
  productName: 'Milk',
  productGroupId: null,
  productGroupName: null,
  productBrandId: null,
  productBrandName: null,
  externalId: null,
  purchaseItemTypeId: 'it',
  price: '40.2500',
  amount: '2.0000',
  vatRate: '21.0000',
});

describe('purchase mapper', () => {
  it('writes amounts as numbers and datetimes in the project zone', () => {
    const dto = toPurchaseDto({ purchase: purchase(), items: [{ item, properties: [] }], properties: [] }, 'Europe/Prague');
    expect(dto).toMatchObject({ total_price: 80.5, payment_time: '2025-06-01 12:00:00', cashdesk_number: '3', type_id: 't1' });
    expect(dto.purchase_items[0]).toMatchObject({ price: 40.25, amount: 2, vat_rate: 21, additional_properties: [] });
  });

  it('answers an empty customer id for an anonymous purchase, which the schema requires', () => {
    expect(toPurchaseDto({ purchase: purchase({ customerId: null }), items: [], properties: [] }, 'UTC').customer_id).toBe('');
  });

  it('adds the points spent on rewards to the points used without float noise', () => {
    const summary = toPaymentSummaryDto({ purchase: purchase(), vouchers: [] }, { timeZone: 'UTC', defaultLanguage: 'en' });
    expect(summary).toEqual({ earned_points: 8.05, used_credits: 1.25, used_points: 0.1, used_points_total: 0.3, used_vouchers: [] });
  });
});
