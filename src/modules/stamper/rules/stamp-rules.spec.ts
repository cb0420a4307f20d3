import { earnedConditions, placeStamps, replaceStamps, StampableLine, StampRule, stampsByRule } from './stamp-rules';

const line = (overrides: Partial<StampableLine> = {}): StampableLine => ({
  productId: 'coffee',
  productGroupId: 'drinks',
  productBrandId: 'roastery',
  quantity: 1,
  paidCents: 300,
  loyaltyOff: false,
  ...overrides,
});
const rule = (overrides: Partial<StampRule> = {}): StampRule => ({
  id: 'r',
  relatedTo: 'product',
  relatedIds: new Set(['coffee']),
  minimumQuantity: null,
  minimumAmountCents: null,
  maxStampsPerPurchase: 1,
  ...overrides,
});
let seq = 0;
const ids = () => `new-${++seq}`;

describe('stamp rules', () => {
  beforeEach(() => (seq = 0));

  it('earns one stamp per full minimum quantity of the related records, capped per purchase', () => {
    const lines = [line({ quantity: 3 }), line({ quantity: 2 }), line({ productId: 'tea', quantity: 9 })];
    expect(stampsByRule(rule({ minimumQuantity: 2 }), lines)).toBe(1);
    expect(stampsByRule(rule({ minimumQuantity: 2, maxStampsPerPurchase: 10 }), lines)).toBe(2);
    expect(stampsByRule(rule({ minimumQuantity: 6 }), lines)).toBe(0);
    expect(stampsByRule(rule({ relatedTo: 'product_group', relatedIds: new Set(['drinks']), maxStampsPerPurchase: 100 }), lines)).toBe(14);
    expect(stampsByRule(rule({ relatedTo: 'product_brand', relatedIds: new Set(['other']) }), lines)).toBe(0);
  });

  it('counts fractional quantities exactly enough and leaves loyalty_off lines out', () => {
    const tenths = [line({ quantity: 0.1 }), line({ quantity: 0.1 }), line({ quantity: 0.1 })];
    expect(stampsByRule(rule({ minimumQuantity: 0.3 }), tenths)).toBe(1);
    expect(stampsByRule(rule(), [line({ loyaltyOff: true, quantity: 5 })])).toBe(0);
  });

  it('earns stamps by purchase amount in cents', () => {
    const lines = [line({ paidCents: 1250 }), line({ paidCents: 800, loyaltyOff: true }), line({ paidCents: 760 })];
    const amount = rule({ relatedTo: 'purchase_amount', relatedIds: new Set(), minimumAmountCents: 1000, maxStampsPerPurchase: 5 });
    expect(stampsByRule(amount, lines)).toBe(2);
    expect(earnedConditions([amount, rule({ id: 'coffee' })], lines)).toEqual(['r', 'r', 'coffee']);
  });

  it('places stamps on the current card, opens the next when full and stops at the repetitions', () => {
    const rules = { stampCount: 3, repetitions: 2, checkpoints: [{ id: 'cp2', stampNumber: 2 }] };
    const placement = placeStamps(rules, { id: 'c1', order: 1, total: 1, blocked: false }, 6, ids);
    expect(placement).toEqual({
      cards: [
        { id: 'c1', order: 1, total: 3, filled: true, isNew: false },
        { id: 'new-1', order: 2, total: 3, filled: true, isNew: true },
      ],
      stamps: [
        { cardId: 'c1', order: 2 },
        { cardId: 'c1', order: 3 },
        { cardId: 'new-1', order: 1 },
        { cardId: 'new-1', order: 2 },
        { cardId: 'new-1', order: 3 },
        { cardId: null, order: null },
      ],
      rewards: [
        { cardId: 'c1', checkpointId: 'cp2' },
        { cardId: 'c1', checkpointId: null },
        { cardId: 'new-1', checkpointId: 'cp2' },
        { cardId: 'new-1', checkpointId: null },
      ],
    });
  });

  it('creates the first card with the first stamp, and adds nothing after a blocked card', () => {
    const rules = { stampCount: 5, repetitions: 1, checkpoints: [] };
    expect(placeStamps(rules, null, 1, ids)?.cards).toEqual([{ id: 'new-1', order: 1, total: 1, filled: false, isNew: true }]);
    expect(placeStamps(rules, { id: 'c1', order: 1, total: 2, blocked: true }, 1, ids)).toBeNull();
    expect(placeStamps(rules, { id: 'c1', order: 1, total: 5, blocked: false }, 2, ids)?.stamps).toEqual([
      { cardId: null, order: null },
      { cardId: null, order: null },
    ]);
  });

  it('lays the remaining stamps onto the cards again in order, answering only what changes', () => {
    const cards = [
      { id: 'c1', total: 3, filled: true },
      { id: 'c2', total: 2, filled: false },
    ];
    const stamps = [
      { id: 's1', cardId: 'c1', order: 1 },
      { id: 's3', cardId: 'c1', order: 3 },
      { id: 's4', cardId: 'c2', order: 1 },
      { id: 's5', cardId: 'c2', order: 2 },
    ];
    expect(replaceStamps(3, cards, stamps)).toEqual({
      cards: [{ id: 'c2', total: 1, filled: false }],
      stamps: [
        { id: 's3', cardId: 'c1', order: 2 },
        { id: 's4', cardId: 'c1', order: 3 },
        { id: 's5', cardId: 'c2', order: 1 },
      ],
    });
  });
});
