import { CartItem, RewardFacts, VoucherFacts, VoucherRefusal, rulesSatisfied, voucherRefusal, withinTimeWindow } from './voucher-usability';

const none = { productIds: new Set<string>(), productGroupIds: new Set<string>(), productBrandIds: new Set<string>() };
const reward = (overrides: Partial<RewardFacts> = {}): RewardFacts => ({
  storeIds: [],
  validFrom: null,
  validTo: null,
  validTimeFrom: null,
  validTimeTo: null,
  validWeekdays: null,
  segmentIds: [],
  minimumPurchaseValue: null,
  conditions: [],
  conditionTargets: none,
  bonuses: [],
  bonusTargets: none,
  ...overrides,
});
const voucher = (overrides: Partial<VoucherFacts> = {}): VoucherFacts => ({
  customerId: 'c1',
  appliedAt: null,
  validFrom: new Date('2025-06-01T00:00:00Z'),
  validTo: new Date('2025-06-30T23:59:59Z'),
  currentBalance: null,
  ...overrides,
});
// Wednesday 2025-06-11 12:00 UTC
const at = new Date('2025-06-11T12:00:00Z');
const context = { at, timeZone: 'UTC' };
const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  productId: 'p1',
  productGroupId: 'g1',
  productBrandId: 'b1',
  quantity: 1,
  unitPrice: 5,
  ...overrides,
});

describe('voucherRefusal', () => {
  it('accepts a fresh voucher inside every window', () => {
    expect(voucherRefusal(voucher(), reward(), context)).toBeNull();
  });

  it('refuses an applied voucher before anything else', () => {
    expect(voucherRefusal(voucher({ appliedAt: at, validTo: new Date('2000-01-01') }), reward(), context)).toBe(
      VoucherRefusal.AlreadyApplied,
    );
  });

  it('refuses a used-up gift card', () => {
    expect(voucherRefusal(voucher({ currentBalance: 0 }), reward(), context)).toBe(VoucherRefusal.AlreadyUsed);
    expect(voucherRefusal(voucher({ currentBalance: 10 }), reward(), context)).toBeNull();
  });

  it('refuses after the voucher or the reward ends, and before either starts', () => {
    expect(voucherRefusal(voucher({ validTo: new Date('2025-06-11T11:59:59Z') }), reward(), context)).toBe(VoucherRefusal.Expired);
    expect(voucherRefusal(voucher(), reward({ validTo: '2025-06-10' }), context)).toBe(VoucherRefusal.Expired);
    expect(voucherRefusal(voucher(), reward({ validTo: '2025-06-11' }), context)).toBeNull();
    expect(voucherRefusal(voucher({ validFrom: new Date('2025-06-12T00:00:00Z') }), reward(), context)).toBe(VoucherRefusal.NotYetValid);
    expect(voucherRefusal(voucher(), reward({ validFrom: '2025-06-12' }), context)).toBe(VoucherRefusal.NotYetValid);
  });

  it('reads dates and times on the project clock', () => {
    // 23:30 UTC on the 11th is already the 12th in Prague.
    const late = { at: new Date('2025-06-11T23:30:00Z'), timeZone: 'Europe/Prague' };
    expect(voucherRefusal(voucher(), reward({ validTo: '2025-06-11' }), late)).toBe(VoucherRefusal.Expired);
    expect(voucherRefusal(voucher(), reward({ validWeekdays: [4] }), late)).toBeNull();
  });

  it('refuses on the wrong weekday or time of day', () => {
    expect(voucherRefusal(voucher(), reward({ validWeekdays: [1, 2] }), context)).toBe(VoucherRefusal.ValidityDays);
    expect(voucherRefusal(voucher(), reward({ validWeekdays: [3] }), context)).toBeNull();
    expect(voucherRefusal(voucher(), reward({ validTimeFrom: '13:00:00', validTimeTo: '20:00:00' }), context)).toBe(
      VoucherRefusal.TimeOfDay,
    );
    expect(voucherRefusal(voucher(), reward({ validTimeFrom: '08:00:00', validTimeTo: '12:00:00' }), context)).toBeNull();
  });

  it('refuses another store, another customer and a customer outside the segments', () => {
    expect(voucherRefusal(voucher(), reward({ storeIds: ['s1'] }), { ...context, storeId: 's2' })).toBe(VoucherRefusal.Store);
    expect(voucherRefusal(voucher(), reward({ storeIds: ['s1'] }), { ...context, storeId: 's1' })).toBeNull();
    expect(voucherRefusal(voucher(), reward(), { ...context, storeId: 'any' })).toBeNull();
    expect(voucherRefusal(voucher(), reward(), { ...context, customerId: 'c2' })).toBe(VoucherRefusal.Owner);
    expect(voucherRefusal(voucher(), reward({ segmentIds: ['vip'] }), { ...context, customerSegmentIds: ['new'] })).toBe(
      VoucherRefusal.Segment,
    );
    expect(voucherRefusal(voucher(), reward({ segmentIds: ['vip'] }), context)).toBe(VoucherRefusal.Segment);
    expect(voucherRefusal(voucher(), reward({ segmentIds: ['vip'] }), { ...context, customerSegmentIds: ['vip'] })).toBeNull();
  });

  it('checks the purchase only when a cart is given', () => {
    const strict = reward({
      minimumPurchaseValue: 100,
      conditions: [{ relatedTo: 'product', count: 2, minPrice: null, maxPrice: null }],
      conditionTargets: { ...none, productIds: new Set(['p1']) },
      bonuses: [{ relatedTo: 'product_brand', count: 1, minPrice: null, maxPrice: null }],
      bonusTargets: { ...none, productBrandIds: new Set(['b9']) },
    });
    expect(voucherRefusal(voucher(), strict, context)).toBeNull();
    expect(voucherRefusal(voucher(), strict, { ...context, cart: { total: 99.99, items: [item({ quantity: 2 })] } })).toBe(
      VoucherRefusal.MinimumPurchase,
    );
    expect(voucherRefusal(voucher(), strict, { ...context, cart: { total: 100, items: [item()] } })).toBe(VoucherRefusal.ConditionCount);
    expect(voucherRefusal(voucher(), strict, { ...context, cart: { total: 100, items: [item({ quantity: 2 })] } })).toBe(
      VoucherRefusal.BonusCount,
    );
    const cart = { total: 120, items: [item({ quantity: 2 }), item({ productId: 'p7', productBrandId: 'b9' })] };
    expect(voucherRefusal(voucher(), strict, { ...context, cart })).toBeNull();
  });
});

describe('rulesSatisfied', () => {
  const targets = { productIds: new Set(['p1']), productGroupIds: new Set(['g1']), productBrandIds: new Set<string>() };

  it('counts units within the price range only', () => {
    const rule = [{ relatedTo: 'product_group' as const, count: 3, minPrice: 2, maxPrice: 6 }];
    expect(rulesSatisfied(rule, targets, [item({ quantity: 2 }), item({ productId: 'p2', unitPrice: 7 })])).toBe(false);
    expect(rulesSatisfied(rule, targets, [item({ quantity: 2 }), item({ productId: 'p2', unitPrice: 2 })])).toBe(true);
  });

  it('is satisfied by no rules at all and never by items without a group or brand', () => {
    expect(rulesSatisfied([], targets, [])).toBe(true);
    expect(
      rulesSatisfied([{ relatedTo: 'product_group', count: 1, minPrice: null, maxPrice: null }], targets, [item({ productGroupId: null })]),
    ).toBe(false);
  });
});

describe('withinTimeWindow', () => {
  it('handles open ends and windows over midnight', () => {
    expect(withinTimeWindow('12:00:00', null, null)).toBe(true);
    expect(withinTimeWindow('07:00:00', '08:00:00', null)).toBe(false);
    expect(withinTimeWindow('23:00:00', '22:00:00', '02:00:00')).toBe(true);
    expect(withinTimeWindow('01:00:00', '22:00:00', '02:00:00')).toBe(true);
    expect(withinTimeWindow('12:00:00', '22:00:00', '02:00:00')).toBe(false);
  });
});
