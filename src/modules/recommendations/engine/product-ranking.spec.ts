import { BoughtProduct, RankingFacts, combine, eliminate, order, scoreProducts, signalWeights } from './product-ranking';

const CATEGORIES: Record<string, { groupId: string | null; brandId: string | null }> = {
  espresso: { groupId: 'coffee', brandId: 'roastery' },
  beans: { groupId: 'coffee', brandId: 'roastery' },
  filter: { groupId: 'coffee', brandId: 'kettle' },
  tea: { groupId: 'tea', brandId: 'kettle' },
  teapot: { groupId: 'tea', brandId: 'kettle' },
  mug: { groupId: null, brandId: null },
};

function facts(
  overrides: Partial<Omit<RankingFacts, 'popularity' | 'category'>> & { popular?: Record<string, number> } = {},
): RankingFacts {
  const { popular = {}, ...rest } = overrides;
  return {
    history: new Map(),
    cartAssociations: new Map(),
    historyAssociations: new Map(),
    customerThirdParty: new Map(),
    cartThirdParty: new Map(),
    popularity: (id) => popular[id] ?? 0,
    category: (id) => CATEGORIES[id],
    ...rest,
  };
}

const bought = (id: string, weight: number): [string, BoughtProduct] => [id, { weight, ...CATEGORIES[id] }];
const customer = signalWeights('customer', 0.5);
const cart = signalWeights('cart', 0.5);

describe('product ranking', () => {
  it("orders by the customer's own purchases, then their groups and brands, keeping the given order for ties", () => {
    const history = new Map([bought('espresso', 2), bought('beans', 0.5)]);
    expect(order(['mug', 'tea', 'filter', 'beans', 'espresso'], facts({ history }), 'customer', customer, 10)).toEqual([
      'espresso',
      'beans',
      'filter',
      'mug',
      'tea',
    ]);
  });

  it('limits order to count', () => {
    const history = new Map([bought('espresso', 1)]);
    expect(order(['mug', 'espresso', 'tea'], facts({ history }), 'customer', customer, 2)).toEqual(['espresso', 'mug']);
  });

  it('lets recent popularity order products nobody has evidence for', () => {
    expect(order(['mug', 'tea', 'teapot'], facts({ popular: { teapot: 1, tea: 0.4 } }), 'customer', customer, 3)).toEqual([
      'teapot',
      'tea',
      'mug',
    ]);
  });

  it('eliminates products only popularity speaks for, and may leave none', () => {
    const popular = { mug: 1 };
    expect(eliminate(['mug', 'tea'], facts({ popular }), 'customer', customer)).toEqual([]);
    const history = new Map([bought('espresso', 1)]);
    // A product of the customer's group and brand passes on category alone; one of another group does not.
    expect(eliminate(['mug', 'beans', 'tea'], facts({ history, popular }), 'customer', customer)).toEqual(['beans']);
  });

  it('passes products bought with the customer’s products or scored by a third party', () => {
    const history = new Map([bought('tea', 1)]);
    const historyAssociations = new Map([['mug', 0.2]]);
    const customerThirdParty = new Map([['espresso', 0.9]]);
    expect(
      eliminate(['espresso', 'beans', 'mug'], facts({ history, historyAssociations, customerThirdParty }), 'customer', customer),
    ).toEqual(['mug', 'espresso']);
  });

  it('eliminates by the cart when the cart has evidence, and by the customer otherwise', () => {
    const history = new Map([bought('espresso', 3)]);
    const cartAssociations = new Map([
      ['teapot', 0.6],
      ['mug', 0.2],
    ]);
    expect(eliminate(['espresso', 'mug', 'teapot'], facts({ history, cartAssociations }), 'cart', cart)).toEqual(['teapot', 'mug']);
    expect(eliminate(['espresso', 'mug', 'teapot'], facts({ history }), 'cart', cart)).toEqual(['espresso']);
  });

  it('weighs third-party scores by the configured weight', () => {
    const customerThirdParty = new Map([['mug', 1]]);
    const history = new Map([bought('espresso', 1)]);
    const scoreOf = (weight: number) =>
      scoreProducts(['mug'], facts({ history, customerThirdParty }), 'customer', signalWeights('customer', weight))[0].score;
    expect(scoreOf(0)).toBe(0);
    expect(scoreOf(2)).toBe(2);
  });

  it('combines: passing candidates first, then the best of the pool, never a candidate twice nor an excluded product', () => {
    const history = new Map([bought('espresso', 2)]);
    const cartAssociations = new Map([
      ['beans', 1],
      ['filter', 0.5],
    ]);
    const answer = combine(
      ['mug', 'filter'],
      ['espresso', 'filter', 'beans', 'tea'],
      new Set(['espresso']),
      facts({ history, cartAssociations }),
      'cart',
      cart,
      3,
    );
    expect(answer).toEqual(['filter', 'beans', 'tea']);
  });

  it('combines to no more than count, even from candidates alone', () => {
    const history = new Map([bought('espresso', 1), bought('beans', 1), bought('filter', 1)]);
    expect(combine(['espresso', 'beans', 'filter'], ['tea'], new Set(), facts({ history }), 'customer', customer, 2)).toHaveLength(2);
  });
});
