import fc from 'fast-check';
import {
  CustomerFacts,
  EarningLine,
  EarningOccasion,
  EarningRule,
  evaluateRules,
  grantedBy,
  GrantedEffect,
  periodKey,
  RuleConditions,
  RuleEffect,
  RuleUsage,
  totals,
} from './earning-rules';

const NO_CONDITIONS: RuleConditions = {
  billTotalMinCents: null,
  paidMinCents: null,
  items: null,
  storeIds: [],
  storeGroupIds: [],
  partnerIds: [],
  paymentTypeIds: [],
  weekdays: [],
  minutesFrom: null,
  minutesTo: null,
  statusIds: [],
  segmentIds: [],
  ageMin: null,
  ageMax: null,
  consentIds: [],
  firstPurchase: null,
  eventTypes: [],
};
const FIFTY_POINTS: RuleEffect = { kind: 'fixed_points', points: 5000 };

function rule(overrides: Partial<EarningRule> = {}, conditions: Partial<RuleConditions> = {}): EarningRule {
  return {
    id: overrides.code ?? 'r1',
    code: 'r1',
    trigger: 'purchase',
    validFrom: null,
    validTo: null,
    priority: 10,
    stacking: 'cumulative',
    effects: [FIFTY_POINTS],
    limits: { perCustomer: [], budgetPoints: null, budgetCents: null },
    ...overrides,
    conditions: { ...NO_CONDITIONS, ...conditions },
  };
}

const coffee: EarningLine = {
  productId: 'coffee',
  productGroupId: 'drinks',
  productBrandId: 'roastery',
  tags: ['hot'],
  quantity: 2,
  earningCents: 800,
};
const cake: EarningLine = { productId: 'cake', productGroupId: 'bakery', productBrandId: null, tags: [], quantity: 1, earningCents: 400 };

// Wednesday 2026-11-25 10:30 on the programme's clock.
const bill: EarningOccasion = {
  trigger: 'purchase',
  eventType: 'purchase',
  at: new Date('2026-11-25T10:30:00Z'),
  weekday: 3,
  minuteOfDay: 10 * 60 + 30,
  storeId: 'store-a',
  storeGroupIds: ['city'],
  partnerId: 'partner-a',
  paymentTypeId: 'S',
  totalCents: 1300,
  lines: [coffee, cake],
  defaultRate: 1,
};
const customer: CustomerFacts = { statusId: 'gold', segmentIds: ['students'], age: 30, consentIds: ['newsletter'], firstPurchase: false };

describe('conditions', () => {
  const cases: [string, Partial<RuleConditions>, Partial<EarningRule>, boolean][] = [
    ['no condition holds always', {}, {}, true],
    ['bill total at the threshold', { billTotalMinCents: 1300 }, {}, true],
    ['bill total below the threshold', { billTotalMinCents: 1301 }, {}, false],
    ['paid amount over the threshold', { paidMinCents: 1200 }, {}, true],
    ['paid amount under the threshold', { paidMinCents: 1201 }, {}, false],
    ['a product in the bill', { items: items({ productIds: ['cake'] }) }, {}, true],
    ['a product not in the bill', { items: items({ productIds: ['tea'] }) }, {}, false],
    ['a product group in the bill', { items: items({ productGroupIds: ['drinks'] }) }, {}, true],
    ['a brand in the bill', { items: items({ productBrandIds: ['roastery'] }) }, {}, true],
    ['a tag in the bill', { items: items({ tags: ['hot'] }) }, {}, true],
    ['a tag not in the bill', { items: items({ tags: ['cold'] }) }, {}, false],
    ['enough units of the product', { items: items({ productIds: ['coffee'], minQuantity: 2 }) }, {}, true],
    ['too few units of the product', { items: items({ productIds: ['coffee'], minQuantity: 3 }) }, {}, false],
    ['enough spent on the product', { items: items({ productIds: ['coffee'], minAmountCents: 800 }) }, {}, true],
    ['too little spent on the product', { items: items({ productIds: ['coffee'], minAmountCents: 801 }) }, {}, false],
    ['the store', { storeIds: ['store-a'] }, {}, true],
    ['another store', { storeIds: ['store-b'] }, {}, false],
    ['a group of the store', { storeGroupIds: ['city', 'airport'] }, {}, true],
    ['a group the store is not in', { storeGroupIds: ['airport'] }, {}, false],
    ['the partner', { partnerIds: ['partner-a'] }, {}, true],
    ['another partner', { partnerIds: ['partner-b'] }, {}, false],
    ['the payment type', { paymentTypeIds: ['S', 'C'] }, {}, true],
    ['another payment type', { paymentTypeIds: ['C'] }, {}, false],
    ['a weekday of the bill', { weekdays: [3] }, {}, true],
    ['a weekend rule on a Wednesday', { weekdays: [6, 7] }, {}, false],
    ['within the hours', { minutesFrom: 600, minutesTo: 660 }, {}, true],
    ['before the hours', { minutesFrom: 660, minutesTo: 720 }, {}, false],
    ['the end of the hours is outside them', { minutesFrom: 540, minutesTo: 630 }, {}, false],
    ['hours past midnight', { minutesFrom: 22 * 60, minutesTo: 11 * 60 }, {}, true],
    ['inside the validity window', {}, { validFrom: new Date('2026-11-01T00:00:00Z'), validTo: new Date('2026-12-01T00:00:00Z') }, true],
    ['before the validity window', {}, { validFrom: new Date('2026-11-26T00:00:00Z') }, false],
    ['after the validity window', {}, { validTo: new Date('2026-11-25T10:30:00Z') }, false],
    ["the customer's status", { statusIds: ['gold'] }, {}, true],
    ['another status', { statusIds: ['silver'] }, {}, false],
    ["one of the customer's segments", { segmentIds: ['students', 'seniors'] }, {}, true],
    ['a segment the customer is not in', { segmentIds: ['seniors'] }, {}, false],
    ['old enough', { ageMin: 30 }, {}, true],
    ['too young', { ageMin: 31 }, {}, false],
    ['young enough', { ageMax: 30 }, {}, true],
    ['too old', { ageMax: 29 }, {}, false],
    ['the consent given', { consentIds: ['newsletter'] }, {}, true],
    ['a consent not given', { consentIds: ['newsletter', 'profiling'] }, {}, false],
    ['a later purchase', { firstPurchase: false }, {}, true],
    ['a first purchase only', { firstPurchase: true }, {}, false],
    ['the purchase event', { eventTypes: ['purchase'] }, {}, true],
    ['an event rule does not answer a bill', {}, { trigger: 'event' }, false],
  ];
  it.each(cases)('%s', (_name, conditions, overrides, holds) => {
    expect(evaluateRules([rule(overrides, conditions)], bill, customer).effects.length > 0).toBe(holds);
  });

  it('an age condition fails for a customer without a birth date', () => {
    expect(evaluateRules([rule({}, { ageMin: 0 })], bill, { ...customer, age: null }).effects).toEqual([]);
  });

  it('an event rule answers its event types only', () => {
    const birthday: EarningOccasion = { ...bill, trigger: 'event', eventType: 'birthday', lines: [], totalCents: 0 };
    expect(evaluateRules([rule({ trigger: 'event' }, { eventTypes: ['birthday'] })], birthday, customer).effects).toHaveLength(1);
    expect(evaluateRules([rule({ trigger: 'event' }, { eventTypes: ['registration'] })], birthday, customer).effects).toEqual([]);
  });
});

describe('effects', () => {
  const named = { ruleId: 'r1', ruleCode: 'r1' };
  const cases: [string, RuleEffect, Partial<RuleConditions>, GrantedEffect[]][] = [
    [
      'points per currency unit on the bill, at the store rate',
      { kind: 'points_per_currency_unit', on: 'bill', rate: null, multiplier: 1 },
      {},
      [{ ...named, kind: 'points', points: 1200 }],
    ],
    [
      'points per currency unit with a multiplier, whole points',
      { kind: 'points_per_currency_unit', on: 'bill', rate: 1, multiplier: 1.5 },
      {},
      [{ ...named, kind: 'points', points: 1800 }],
    ],
    [
      'points per currency unit on the matching lines only',
      { kind: 'points_per_currency_unit', on: 'matching_lines', rate: 2, multiplier: 1 },
      { items: items({ productIds: ['coffee'] }) },
      [{ ...named, kind: 'points', points: 1600 }],
    ],
    ['fixed points', FIFTY_POINTS, {}, [{ ...named, kind: 'points', points: 5000 }]],
    [
      'points per matching item',
      { kind: 'points_per_item', points: 300 },
      { items: items({ productGroupIds: ['drinks'] }) },
      [{ ...named, kind: 'points', points: 600 }],
    ],
    [
      'points per item of the bill without an item condition',
      { kind: 'points_per_item', points: 100 },
      {},
      [{ ...named, kind: 'points', points: 300 }],
    ],
    ['credits', { kind: 'credits', cents: 250, creditTypeId: null }, {}, [{ ...named, kind: 'credits', cents: 250, creditTypeId: null }]],
    ['a voucher of a reward', { kind: 'reward_voucher', rewardId: 'rw' }, {}, [{ ...named, kind: 'reward_voucher', rewardId: 'rw' }]],
    [
      'a stamp',
      { kind: 'stamp', stamperCampaignId: 'card', stamps: 1 },
      {},
      [{ ...named, kind: 'stamp', stamperCampaignId: 'card', stamps: 1 }],
    ],
    [
      'points worth less than a whole point grant nothing',
      { kind: 'points_per_currency_unit', on: 'bill', rate: 0.05, multiplier: 1 },
      {},
      [],
    ],
  ];
  it.each(cases)('%s', (_name, effect, conditions, expected) => {
    expect(grantedBy(rule({ effects: [effect] }, conditions), bill)).toEqual(expected);
  });
});

describe('stacking and priority', () => {
  it('cumulative rules are all granted, by priority, beside the default earning', () => {
    const earning = evaluateRules(
      [rule({ id: 'late', code: 'late', priority: 20 }), rule({ id: 'early', code: 'early', priority: 5 })],
      bill,
      customer,
    );
    expect(earning.effects.map((effect) => effect.ruleCode)).toEqual(['early', 'late']);
    expect(earning.defaultApplies).toBe(true);
  });

  it('the first exclusive rule that applies is the only one, and stops the default earning', () => {
    const earning = evaluateRules(
      [
        rule({ id: 'cumulative', code: 'cumulative', priority: 1 }),
        rule({ id: 'first', code: 'first', priority: 5, stacking: 'exclusive' }),
        rule({ id: 'second', code: 'second', priority: 6, stacking: 'exclusive' }),
      ],
      bill,
      customer,
    );
    expect(earning).toEqual({ effects: [expect.objectContaining({ ruleCode: 'first' })], defaultApplies: false });
  });

  it('an exclusive rule whose conditions fail leaves the others', () => {
    const earning = evaluateRules(
      [rule({ stacking: 'exclusive' }, { storeIds: ['elsewhere'] }), rule({ id: 'r2', code: 'r2' })],
      bill,
      customer,
    );
    expect(earning).toEqual({ effects: [expect.objectContaining({ ruleCode: 'r2' })], defaultApplies: true });
  });
});

describe('limits', () => {
  const used = (overrides: Partial<RuleUsage>): RuleUsage => ({
    customerGrants: {},
    budgetPointsUsed: 0,
    budgetCentsUsed: 0,
    ...overrides,
  });
  const cases: [string, EarningRule['limits'], RuleUsage, boolean][] = [
    [
      'once a day, not yet granted today',
      { perCustomer: [{ period: 'day', times: 1 }], budgetPoints: null, budgetCents: null },
      used({ customerGrants: { week: 3 } }),
      true,
    ],
    [
      'once a day, granted today',
      { perCustomer: [{ period: 'day', times: 1 }], budgetPoints: null, budgetCents: null },
      used({ customerGrants: { day: 1 } }),
      false,
    ],
    [
      'twice a week, once so far',
      { perCustomer: [{ period: 'week', times: 2 }], budgetPoints: null, budgetCents: null },
      used({ customerGrants: { week: 1 } }),
      true,
    ],
    [
      'three times a month, used up',
      { perCustomer: [{ period: 'month', times: 3 }], budgetPoints: null, budgetCents: null },
      used({ customerGrants: { month: 3 } }),
      false,
    ],
    [
      'once in the rule lifetime, used',
      { perCustomer: [{ period: 'lifetime', times: 1 }], budgetPoints: null, budgetCents: null },
      used({ customerGrants: { lifetime: 1 } }),
      false,
    ],
    [
      'a budget with room for the grant',
      { perCustomer: [], budgetPoints: 10000, budgetCents: null },
      used({ budgetPointsUsed: 5000 }),
      true,
    ],
    [
      'a budget without room for the whole grant',
      { perCustomer: [], budgetPoints: 10000, budgetCents: null },
      used({ budgetPointsUsed: 5001 }),
      false,
    ],
    [
      'a money budget is not spent by points',
      { perCustomer: [], budgetPoints: null, budgetCents: 100 },
      used({ budgetCentsUsed: 100 }),
      true,
    ],
  ];
  it.each(cases)('%s', (_name, limits, usage, granted) => {
    expect(evaluateRules([rule({ limits })], bill, customer, () => usage).effects.length > 0).toBe(granted);
  });
});

describe('periodKey', () => {
  it.each([
    ['day', '2026-11-25', '2026-11-25'],
    ['month', '2026-11-25', '2026-11'],
    ['lifetime', '2026-11-25', 'lifetime'],
    ['week', '2026-11-25', '2026-W48'],
    ['week', '2027-01-01', '2026-W53'],
    ['week', '2024-12-30', '2025-W01'],
  ] as const)('%s of %s is %s', (period, date, key) => {
    expect(periodKey(period, date)).toBe(key);
  });
});

describe('property: what is earned is what the effects grant, within every limit', () => {
  const ids = ['a', 'b', 'c'];
  const lineArb = fc.record({
    productId: fc.option(fc.constantFrom(...ids), { nil: null }),
    productGroupId: fc.option(fc.constantFrom(...ids), { nil: null }),
    productBrandId: fc.option(fc.constantFrom(...ids), { nil: null }),
    tags: fc.subarray(ids),
    quantity: fc.integer({ min: 1, max: 5 }),
    earningCents: fc.integer({ min: 0, max: 50_000 }),
  });
  const effectArb: fc.Arbitrary<RuleEffect> = fc.oneof(
    fc.record({
      kind: fc.constant('points_per_currency_unit' as const),
      on: fc.constantFrom('bill' as const, 'matching_lines' as const),
      rate: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      multiplier: fc.constantFrom(0.5, 1, 1.5, 2),
    }),
    fc.record({ kind: fc.constant('fixed_points' as const), points: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({ kind: fc.constant('points_per_item' as const), points: fc.integer({ min: 1, max: 1_000 }) }),
    fc.record({
      kind: fc.constant('credits' as const),
      cents: fc.integer({ min: 1, max: 5_000 }),
      creditTypeId: fc.option(fc.constantFrom(...ids), { nil: null }),
    }),
    fc.record({ kind: fc.constant('reward_voucher' as const), rewardId: fc.constantFrom(...ids) }),
    fc.record({ kind: fc.constant('stamp' as const), stamperCampaignId: fc.constantFrom(...ids), stamps: fc.integer({ min: 1, max: 3 }) }),
  );
  /** Everything effects grant: points, credits, vouchers of each reward and stamps on each campaign. */
  const everything = (effects: readonly GrantedEffect[]) => ({
    ...totals(effects),
    vouchers: effects.flatMap((effect) => (effect.kind === 'reward_voucher' ? [effect.rewardId] : [])).sort(),
    stamps: effects.flatMap((effect) => (effect.kind === 'stamp' ? [`${effect.stamperCampaignId}:${effect.stamps}`] : [])).sort(),
  });
  const ruleArb = fc.record({
    code: fc.string({ minLength: 1, maxLength: 4 }),
    priority: fc.integer({ min: 0, max: 5 }),
    stacking: fc.constantFrom('exclusive' as const, 'cumulative' as const),
    effects: fc.array(effectArb, { minLength: 1, maxLength: 3 }),
    productIds: fc.subarray(ids),
    billTotalMinCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    budgetPoints: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    budgetCents: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
    perDay: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    usedPoints: fc.integer({ min: 0, max: 20_000 }),
    usedCents: fc.integer({ min: 0, max: 5_000 }),
    grantsToday: fc.integer({ min: 0, max: 3 }),
  });

  it('for random bills and rule sets', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), fc.array(ruleArb, { maxLength: 8 }), (lines, drawn) => {
        const rules = drawn.map((drawnRule, index) =>
          rule(
            {
              id: `rule-${index}`,
              code: drawnRule.code,
              priority: drawnRule.priority,
              stacking: drawnRule.stacking,
              effects: drawnRule.effects,
              limits: {
                perCustomer: drawnRule.perDay === null ? [] : [{ period: 'day', times: drawnRule.perDay }],
                budgetPoints: drawnRule.budgetPoints,
                budgetCents: drawnRule.budgetCents,
              },
            },
            {
              billTotalMinCents: drawnRule.billTotalMinCents,
              items: drawnRule.productIds.length === 0 ? null : items({ productIds: drawnRule.productIds }),
            },
          ),
        );
        const usage = new Map(
          drawn.map((drawnRule, index) => [
            `rule-${index}`,
            {
              customerGrants: { day: drawnRule.grantsToday },
              budgetPointsUsed: drawnRule.usedPoints,
              budgetCentsUsed: drawnRule.usedCents,
            },
          ]),
        );
        const occasion = { ...bill, lines, totalCents: lines.reduce((sum, line) => sum + line.earningCents, 0) };
        const earning = evaluateRules(rules, occasion, customer, (id) => usage.get(id) as RuleUsage);

        // The earned total (points, credits, vouchers, stamps) is the sum of the effects each granting rule grants on its own.
        const granting = new Set(earning.effects.map((effect) => effect.ruleId));
        const alone = rules.filter((candidate) => granting.has(candidate.id)).flatMap((candidate) => grantedBy(candidate, occasion));
        expect(everything(earning.effects)).toEqual(everything(alone));
        // No rule grants past its budget or its customer's limit, and an exclusive rule is granted alone.
        for (const candidate of rules.filter((r) => granting.has(r.id))) {
          const own = totals(earning.effects.filter((effect) => effect.ruleId === candidate.id));
          const used = usage.get(candidate.id) as RuleUsage;
          if (candidate.limits.budgetPoints !== null)
            expect(used.budgetPointsUsed + own.points).toBeLessThanOrEqual(candidate.limits.budgetPoints);
          if (candidate.limits.budgetCents !== null)
            expect(used.budgetCentsUsed + own.cents).toBeLessThanOrEqual(candidate.limits.budgetCents);
          for (const limit of candidate.limits.perCustomer) expect(used.customerGrants.day ?? 0).toBeLessThan(limit.times);
          if (candidate.stacking === 'exclusive') expect(granting.size).toBe(1);
        }
        expect(earning.defaultApplies).toBe(!rules.some((r) => r.stacking === 'exclusive' && granting.has(r.id)));
      }),
      { seed: 29, numRuns: 500 },
    );
  });
});

function items(overrides: Partial<NonNullable<RuleConditions['items']>>): NonNullable<RuleConditions['items']> {
  return { productIds: [], productGroupIds: [], productBrandIds: [], tags: [], minQuantity: null, minAmountCents: null, ...overrides };
}
