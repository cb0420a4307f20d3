import { RelationTargets } from '../../loyalty';
import {
  applyBenefit,
  Benefit,
  BenefitKind,
  CartLine,
  CartState,
  centsForPoints,
  earnedPoints,
  emptyState,
  ItemTypeFlags,
  LineDiscount,
  maxApplications,
  pointsForCents,
  pointsPayableCents,
  shareInProportion,
  statusDiscounts,
  withDiscounts,
} from './cart-evaluation';

// The flags of the seeded purchase item types.
const storeTransaction: ItemTypeFlags = { collectsPoints: true, rewardsApply: true, payableByPoints: true };
const withoutRewards: ItemTypeFlags = { collectsPoints: true, rewardsApply: false, payableByPoints: true };
const cancelItem: ItemTypeFlags = { collectsPoints: false, rewardsApply: false, payableByPoints: false };
const pointsPaymentOnly: ItemTypeFlags = { collectsPoints: false, rewardsApply: false, payableByPoints: true };

function line(billItemId: string, productId: string | null, quantity: number, paidCents: number, extra: Partial<CartLine> = {}): CartLine {
  return {
    billItemId,
    productId,
    productGroupId: null,
    productBrandId: null,
    quantity,
    paidCents,
    priceCents: paidCents,
    loyaltyOff: false,
    type: storeTransaction,
    ...extra,
  };
}

function targets(productIds: string[] = [], groupIds: string[] = [], brandIds: string[] = []): RelationTargets {
  return { productIds: new Set(productIds), productGroupIds: new Set(groupIds), productBrandIds: new Set(brandIds) };
}

function benefit(kind: BenefitKind, value: number, on: RelationTargets | null = null, maxDiscountCents: number | null = null): Benefit {
  return { kind, value, maxDiscountCents, targets: on };
}

/** Two units of a 5.00 coffee, one 3.00 cake, and two lines no reward may touch. */
const bill: CartLine[] = [
  line('coffee', 'p-coffee', 2, 1000, { productGroupId: 'g-drinks' }),
  line('cake', 'p-cake', 1, 300, { productBrandId: 'b-bakery' }),
  line('tobacco', 'p-tobacco', 1, 500, { loyaltyOff: true }),
  line('deposit', 'p-deposit', 1, 200, { type: withoutRewards }),
];

const discountsOf = (state: CartState, applied: Benefit): LineDiscount[] | null => applyBenefit(state, applied)?.discounts ?? null;

describe('applyBenefit', () => {
  const targeted: [string, Benefit, LineDiscount[]][] = [
    ['fixed discount below the unit price', benefit('fixed_discount', 200, targets(['p-coffee'])), [{ billItemId: 'coffee', cents: 200 }]],
    [
      'fixed discount above the unit price takes one unit only',
      benefit('fixed_discount', 800, targets(['p-coffee'])),
      [{ billItemId: 'coffee', cents: 500 }],
    ],
    ['percentage of one unit', benefit('percentage_discount', 10, targets(['p-coffee'])), [{ billItemId: 'coffee', cents: 50 }]],
    ['percentage capped', benefit('percentage_discount', 50, targets(['p-coffee']), 100), [{ billItemId: 'coffee', cents: 100 }]],
    ['final price: the unit costs the value', benefit('final_price', 150, targets(['p-coffee'])), [{ billItemId: 'coffee', cents: 350 }]],
    ['catalogue item: the unit is free', benefit('catalogue_item', 0, targets(['p-cake'])), [{ billItemId: 'cake', cents: 300 }]],
    ['gift card on a target is bounded by the unit', benefit('gift_card', 400, targets(['p-cake'])), [{ billItemId: 'cake', cents: 300 }]],
    ['a group target matches', benefit('catalogue_item', 0, targets([], ['g-drinks'])), [{ billItemId: 'coffee', cents: 500 }]],
    ['a brand target matches', benefit('catalogue_item', 0, targets([], [], ['b-bakery'])), [{ billItemId: 'cake', cents: 300 }]],
    [
      'the dearest matching unit is taken',
      benefit('catalogue_item', 0, targets(['p-cake', 'p-coffee'])),
      [{ billItemId: 'coffee', cents: 500 }],
    ],
  ];
  it.each(targeted)('targeted %s', (_name, applied, expected) => {
    expect(discountsOf(emptyState(bill), applied)).toEqual(expected);
  });

  // Bill-level benefits share over coffee (10.00) and cake (3.00) only: tobacco has loyalty off, the deposit takes no rewards.
  const billLevel: [string, Benefit, LineDiscount[]][] = [
    [
      'fixed discount in proportion',
      benefit('fixed_discount', 650),
      [
        { billItemId: 'coffee', cents: 500 },
        { billItemId: 'cake', cents: 150 },
      ],
    ],
    [
      'fixed discount above the bill takes what is there',
      benefit('fixed_discount', 5000),
      [
        { billItemId: 'coffee', cents: 1000 },
        { billItemId: 'cake', cents: 300 },
      ],
    ],
    [
      'percentage',
      benefit('percentage_discount', 10),
      [
        { billItemId: 'coffee', cents: 100 },
        { billItemId: 'cake', cents: 30 },
      ],
    ],
    [
      'percentage capped, the odd cent to the largest remainder',
      benefit('percentage_discount', 50, null, 200),
      [
        { billItemId: 'coffee', cents: 154 },
        { billItemId: 'cake', cents: 46 },
      ],
    ],
    [
      'gift card pays part of the bill',
      benefit('gift_card', 400),
      [
        { billItemId: 'coffee', cents: 308 },
        { billItemId: 'cake', cents: 92 },
      ],
    ],
  ];
  it.each(billLevel)('bill-level %s', (_name, applied, expected) => {
    const result = applyBenefit(emptyState(bill), applied);
    expect(result?.discounts).toEqual(expected);
    expect(result?.state.discountCents).toEqual([expected[0].cents, expected[1].cents, 0, 0]);
  });

  const nothing: [string, CartLine[], Benefit][] = [
    ['final price without a target', bill, benefit('final_price', 100)],
    ['catalogue item without a target', bill, benefit('catalogue_item', 0)],
    ['no line matches the target', bill, benefit('fixed_discount', 100, targets(['p-unknown']))],
    ['the target has loyalty off', bill, benefit('catalogue_item', 0, targets(['p-tobacco']))],
    ['a final price above the unit price saves nothing', bill, benefit('final_price', 100000, targets(['p-coffee']))],
    ['the target takes no rewards', bill, benefit('catalogue_item', 0, targets(['p-deposit']))],
    ['only lines without rewards', [bill[2], bill[3]], benefit('fixed_discount', 100)],
    ['only free lines', [line('free', 'p-free', 1, 0)], benefit('percentage_discount', 10)],
    ['a percentage too small to make a cent', [line('penny', 'p-penny', 1, 4)], benefit('percentage_discount', 10)],
  ];
  it.each(nothing)('nothing to discount: %s -> null', (_name, lines, applied) => {
    expect(applyBenefit(emptyState(lines), applied)).toBeNull();
  });

  it('does not touch the state it was given', () => {
    const state = emptyState(bill);
    applyBenefit(state, benefit('catalogue_item', 0, targets(['p-coffee'])));
    applyBenefit(state, benefit('fixed_discount', 100));
    expect(state.discountCents).toEqual([0, 0, 0, 0]);
    expect(state.unitsTaken).toEqual([0, 0, 0, 0]);
  });

  it('two benefits on a line of two units take one unit each, a third finds none left', () => {
    const coffee = targets(['p-coffee']);
    const first = applyBenefit(emptyState(bill), benefit('catalogue_item', 0, coffee));
    const second = first && applyBenefit(first.state, benefit('fixed_discount', 800, coffee));
    expect(second?.discounts).toEqual([{ billItemId: 'coffee', cents: 500 }]);
    expect(second?.state.unitsTaken).toEqual([2, 0, 0, 0]);
    expect(second && applyBenefit(second.state, benefit('fixed_discount', 100, coffee))).toBeNull();
  });

  it('a second benefit on the only unit of a line finds it given away', () => {
    const cake = targets(['p-cake']);
    const first = applyBenefit(emptyState(bill), benefit('fixed_discount', 100, cake));
    expect(first?.discounts).toEqual([{ billItemId: 'cake', cents: 100 }]);
    expect(first && applyBenefit(first.state, benefit('fixed_discount', 100, cake))).toBeNull();
  });

  it('a bill-level benefit after a targeted one shares only what is left', () => {
    const first = applyBenefit(emptyState(bill), benefit('catalogue_item', 0, targets(['p-coffee'])));
    // Left: coffee 5.00, cake 3.00.
    const second = first && applyBenefit(first.state, benefit('fixed_discount', 800));
    expect(second?.discounts).toEqual([
      { billItemId: 'coffee', cents: 500 },
      { billItemId: 'cake', cents: 300 },
    ]);
    expect(second && applyBenefit(second.state, benefit('gift_card', 100))).toBeNull();
  });

  it('a targeted benefit after a bill-level one takes at most what is left of the line', () => {
    const first = applyBenefit(emptyState([line('cake', 'p-cake', 1, 300)]), benefit('fixed_discount', 250));
    const second = first && applyBenefit(first.state, benefit('catalogue_item', 0, targets(['p-cake'])));
    expect(second?.discounts).toEqual([{ billItemId: 'cake', cents: 50 }]);
  });
});

describe('maxApplications', () => {
  const none = targets();
  type Rules = Parameters<typeof maxApplications>[1];
  const rules = (conditionCounts: number[], conditionTargets: RelationTargets, bonusTargets: RelationTargets = none): Rules => ({
    conditions: conditionCounts.map((count) => ({ relatedTo: 'product', count })),
    conditionTargets,
    bonusTargets,
  });
  const lines = [
    line('coffee', 'p-coffee', 5, 2500),
    line('cake', 'p-cake', 1, 300),
    line('bagel', 'p-bagel', 1.5, 300),
    line('tobacco', 'p-tobacco', 4, 400, { loyaltyOff: true }),
  ];
  // One coffee condition and a condition of two units of the dairy group: 3 dairy units meet the second once.
  const dairy = line('yoghurt', 'p-yoghurt', 3, 300, { productGroupId: 'g-dairy' });
  const twoKinds: Rules = {
    conditions: [
      { relatedTo: 'product', count: 1 },
      { relatedTo: 'product_group', count: 2 },
    ],
    conditionTargets: targets(['p-coffee'], ['g-dairy']),
    bonusTargets: none,
  };
  const cases: [string, CartLine[], Rules, BenefitKind, number][] = [
    ['a bill-level discount applies once', lines, rules([], none), 'fixed_discount', 1],
    ['a bill-level discount on a bill nothing can take', [lines[3]], rules([], none), 'percentage_discount', 0],
    ['a bill-level discount on a bill of free lines', [line('free', 'p-free', 1, 0)], rules([], none), 'fixed_discount', 0],
    ['a catalogue item without products', lines, rules([], none), 'catalogue_item', 0],
    ['a final price without products', lines, rules([], none), 'final_price', 0],
    ['one per condition set: 5 units in sets of 2', lines, rules([2], targets(['p-coffee'])), 'fixed_discount', 2],
    [
      'conditions met more often than there are bonus units',
      lines,
      rules([1], targets(['p-coffee']), targets(['p-cake'])),
      'catalogue_item',
      1,
    ],
    ['bonus units without conditions', lines, rules([], none, targets(['p-coffee'])), 'catalogue_item', 5],
    ['condition count not met', lines, rules([2], targets(['p-cake'])), 'fixed_discount', 0],
    ['a fractional quantity counts as a whole unit', lines, rules([], none, targets(['p-bagel'])), 'final_price', 2],
    ['units with loyalty off do not count', lines, rules([1], targets(['p-tobacco'])), 'fixed_discount', 0],
    ['the tightest condition wins', lines, rules([1, 3], targets(['p-coffee'])), 'fixed_discount', 1],
    ['each condition counts only its own kind of target', [...lines, dairy], twoKinds, 'fixed_discount', 1],
    [
      'a unit price below the condition range does not count',
      lines,
      { ...rules([], targets(['p-coffee'])), conditions: [{ relatedTo: 'product', count: 1, minPrice: 6 }] },
      'fixed_discount',
      0,
    ],
    [
      'a unit price within the condition range counts',
      lines,
      { ...rules([], targets(['p-coffee'])), conditions: [{ relatedTo: 'product', count: 1, minPrice: 4, maxPrice: 5 }] },
      'fixed_discount',
      5,
    ],
  ];
  it.each(cases)('%s', (_name, cart, reward, kind, expected) => {
    expect(maxApplications(cart, reward, kind)).toBe(expected);
  });
});

describe('statusDiscounts', () => {
  const lines = [
    line('coffee', 'p-coffee', 2, 1000),
    line('cake', 'p-cake', 1, 300),
    line('tobacco', 'p-tobacco', 1, 500, { loyaltyOff: true }),
    line('deposit', null, 1, 200, { type: withoutRewards }),
  ];
  const vouchered = withDiscounts(emptyState(lines), [{ billItemId: 'coffee', cents: 200 }]);
  const cases: [string, CartState, number, boolean, LineDiscount[]][] = [
    ['no status discount', emptyState(lines), 0, true, []],
    [
      'percent of every line that takes rewards',
      emptyState(lines),
      10,
      false,
      [
        { billItemId: 'coffee', cents: 100 },
        { billItemId: 'cake', cents: 30 },
      ],
    ],
    ['a line a voucher discounted is skipped', vouchered, 10, false, [{ billItemId: 'cake', cents: 30 }]],
    [
      'discounted lines allowed: percent of what is left',
      vouchered,
      10,
      true,
      [
        { billItemId: 'coffee', cents: 80 },
        { billItemId: 'cake', cents: 30 },
      ],
    ],
    ['a share below half a cent is left out', emptyState([line('penny', 'p-penny', 1, 4)]), 10, true, []],
  ];
  it.each(cases)('%s', (_name, state, percent, onDiscountedLines, expected) => {
    expect(statusDiscounts(state, percent, onDiscountedLines)).toEqual(expected);
  });
});

describe('pointsPayableCents', () => {
  const cases: [string, CartLine[], LineDiscount[], number][] = [
    [
      'every payable line',
      [
        line('a', 'p-a', 1, 1000),
        line('b', 'p-b', 1, 200, { type: withoutRewards }),
        line('c', 'p-c', 1, 300, { type: pointsPaymentOnly }),
      ],
      [],
      1500,
    ],
    ['what is left after discounts', [line('a', 'p-a', 1, 1000)], [{ billItemId: 'a', cents: 250 }], 750],
    ['lines with loyalty off are not payable', [line('a', 'p-a', 1, 1000), line('b', 'p-b', 1, 400, { loyaltyOff: true })], [], 1000],
    ['cancel lines are not payable', [line('a', 'p-a', 1, 1000), line('b', 'p-b', 1, 400, { type: cancelItem })], [], 1000],
    ['a fully discounted line adds nothing', [line('a', 'p-a', 1, 1000)], [{ billItemId: 'a', cents: 1000 }], 0],
  ];
  it.each(cases)('%s', (_name, lines, discounts, expected) => {
    expect(pointsPayableCents(withDiscounts(emptyState(lines), discounts))).toBe(expected);
  });
});

describe('earnedPoints (hundredths per line)', () => {
  const cases: [string, CartLine[], LineDiscount[], number, number, number[]][] = [
    ['one point per currency unit, whole points', [line('a', 'p-a', 1, 1050)], [], 1, 0, [1000]],
    ['the rate multiplies', [line('a', 'p-a', 1, 1050)], [], 2, 0, [2100]],
    ['discounts are not earned on', [line('a', 'p-a', 1, 1000)], [{ billItemId: 'a', cents: 300 }], 1, 0, [700]],
    ['money paid with points is not earned on', [line('a', 'p-a', 1, 1000)], [], 1, 400, [600]],
    [
      'points paid are shared over the paying lines',
      [line('a', 'p-a', 1, 1000), line('b', 'p-b', 1, 1000, { type: withoutRewards })],
      [],
      1,
      1000,
      [500, 500],
    ],
    ['points paid beyond the payable lines take all', [line('a', 'p-a', 1, 1000)], [], 1, 5000, [0]],
    [
      'loyalty off and cancel lines earn nothing',
      [line('a', 'p-a', 1, 1000, { loyaltyOff: true }), line('b', 'p-b', 1, 1000, { type: cancelItem })],
      [],
      1,
      0,
      [0, 0],
    ],
    ['a fully discounted line earns nothing', [line('a', 'p-a', 1, 1000)], [{ billItemId: 'a', cents: 1000 }], 1, 0, [0]],
    ['whole points are counted on the bill, not per line', [line('a', 'p-a', 1, 1050), line('b', 'p-b', 1, 1050)], [], 1, 0, [1100, 1000]],
  ];
  it.each(cases)('%s', (_name, lines, discounts, rate, pointsPaidCents, expected) => {
    expect(earnedPoints(withDiscounts(emptyState(lines), discounts), rate, pointsPaidCents)).toEqual(expected);
  });

  it.each([
    ['a final bill reporting the line already reduced by the voucher', 9000],
    ['a bill reporting the line before the voucher', 10000],
  ])('10%% off a line priced 100, two points a unit: %s earns 180 points', (_name, paidCents) => {
    const lines = [line('a', 'p-a', 1, paidCents, { priceCents: 10000 })];
    const voucher = applyBenefit(emptyState(lines), benefit('percentage_discount', 10));
    expect(voucher && earnedPoints(voucher.state, 2, 0)).toEqual([18000]);
  });

  it('a discount beyond what the paid amount already shows is taken off it', () => {
    const lines = [line('a', 'p-a', 1, 9000, { priceCents: 10000 })];
    const voucher = applyBenefit(emptyState(lines), benefit('percentage_discount', 20));
    expect(voucher && earnedPoints(voucher.state, 1, 0)).toEqual([8200]);
  });

  it('points paid for a points-only line leave the earning line its points', () => {
    const lines = [line('a', 'p-a', 1, 1000), line('voucher-top-up', 'p-top-up', 1, 1000, { type: pointsPaymentOnly })];
    expect(earnedPoints(emptyState(lines), 1, 1000)).toEqual([500, 0]);
  });
});

describe('points and money', () => {
  it.each([
    [100, 0.01, 10000],
    [1, 0.01, 100],
    [1, 0.03, 34],
    [250, 0.5, 500],
  ])('%i cents at %d per point take %i hundredths of a point', (cents, pointValue, points) => {
    expect(pointsForCents(cents, pointValue)).toBe(points);
  });
  it.each([
    [10000, 0.01, 100],
    [34, 0.03, 1],
    [33, 0.03, 0],
    [500, 0.5, 250],
  ])('%i hundredths of a point at %d are worth %i cents', (points, pointValue, cents) => {
    expect(centsForPoints(points, pointValue)).toBe(cents);
  });
});

describe('shareInProportion', () => {
  const cases: [number, number[], number[]][] = [
    [100, [1, 1, 1], [34, 33, 33]],
    [650, [1000, 300], [500, 150]],
    [200, [1000, 300], [154, 46]],
    [7, [0, 5, 0, 5], [0, 4, 0, 3]],
    [1, [3, 3, 3], [1, 0, 0]],
    [0, [1, 2], [0, 0]],
    [10, [0, 0], [0, 0]],
    [999, [1, 2, 3, 4, 5, 6, 7], [36, 71, 107, 143, 178, 214, 250]],
  ];
  it.each(cases)('%i over %j -> %j', (total, weights, expected) => {
    const shares = shareInProportion(total, weights);
    expect(shares).toEqual(expected);
    if (weights.some((weight) => weight > 0)) expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('always sums to the total and gives nothing to zero weights', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const weights = Array.from({ length: 1 + (seed % 7) }, (_, i) => ((seed * 7919 + i * 104729) % 13) * ((seed + i) % 3 === 0 ? 0 : 37));
      const total = (seed * 131) % 5000;
      const shares = shareInProportion(total, weights);
      const positive = weights.some((weight) => weight > 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(positive ? total : 0);
      weights.forEach((weight, index) => {
        if (weight === 0) expect(shares[index]).toBe(0);
        expect(shares[index]).toBeGreaterThanOrEqual(0);
      });
    }
  });
});
