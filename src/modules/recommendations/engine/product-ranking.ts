/**
 * How the engine ranks products for one request, from the facts read for it. Pure: no database, so
 * the rules are unit-tested on their own. Every signal is scaled to 0..1 before it is weighed.
 */

/** What the customer bought: a weight that decays with each purchase's age, and the product's group and brand. */
export interface BoughtProduct {
  weight: number;
  groupId: string | null;
  brandId: string | null;
}

export interface ProductCategory {
  groupId: string | null;
  brandId: string | null;
}

/** The evidence read for one request. */
export interface RankingFacts {
  /** The customer's own products (empty without a customer or history). */
  history: ReadonlyMap<string, BoughtProduct>;
  /** Products bought together with the cart's products (trained model), summed over the cart. */
  cartAssociations: ReadonlyMap<string, number>;
  /** Products bought together with the customer's own most-bought products (trained model). */
  historyAssociations: ReadonlyMap<string, number>;
  /** Third-party scores for the customer or the cart, each already scaled to 0..1 within its system and dataset. */
  customerThirdParty: ReadonlyMap<string, number>;
  cartThirdParty: ReadonlyMap<string, number>;
  /** Recent popularity scaled to 0..1 (0 when untrained or never sold). */
  popularity(productId: string): number;
  /** A product's group and brand, where known. */
  category(productId: string): ProductCategory | undefined;
}

/** Product actions rank by the customer's own shopping; cart actions by what is bought with the cart. */
export type RankingMode = 'customer' | 'cart';

export interface SignalWeights {
  personal: number;
  category: number;
  cartAssociation: number;
  historyAssociation: number;
  popularity: number;
  thirdParty: number;
}

/** Documented in the README (Recommendations); the third-party weight is a setting. */
export function signalWeights(mode: RankingMode, thirdPartyWeight: number): SignalWeights {
  return mode === 'customer'
    ? { personal: 1, category: 0.35, cartAssociation: 0, historyAssociation: 0.6, popularity: 0.15, thirdParty: thirdPartyWeight }
    : { personal: 0.4, category: 0.2, cartAssociation: 1, historyAssociation: 0.3, popularity: 0.15, thirdParty: thirdPartyWeight };
}

/** A candidate in a preferred group or brand at least this strong (0..1) passes elimination on category alone. */
export const CATEGORY_PASS = 0.5;

export interface ScoredProduct {
  productId: string;
  score: number;
  /** Whether the customer's (or the cart's) evidence speaks for it, as elimination requires. */
  matches: boolean;
}

/** Scales a map's values so the largest is 1. */
function scaled(values: ReadonlyMap<string, number>): (id: string) => number {
  let max = 0;
  for (const value of values.values()) max = Math.max(max, value);
  return (id) => (max > 0 ? (values.get(id) ?? 0) / max : 0);
}

/** The customer's decayed weight per group or brand. */
export function leaningTotals(history: ReadonlyMap<string, BoughtProduct>, key: 'groupId' | 'brandId'): Map<string, number> {
  const totals = new Map<string, number>();
  for (const bought of history.values()) {
    const id = bought[key];
    if (id) totals.set(id, (totals.get(id) ?? 0) + bought.weight);
  }
  return totals;
}

/** The customer's leaning to each group and brand: shares of the decayed weight, the strongest scaled to 1. */
function categoryLeaning(history: ReadonlyMap<string, BoughtProduct>): (category: ProductCategory | undefined) => number {
  const group = scaled(leaningTotals(history, 'groupId'));
  const brand = scaled(leaningTotals(history, 'brandId'));
  return (category) =>
    category ? 0.6 * (category.groupId ? group(category.groupId) : 0) + 0.4 * (category.brandId ? brand(category.brandId) : 0) : 0;
}

/** Scores products in the given order; equal scores keep that order when sorted. */
export function scoreProducts(
  productIds: readonly string[],
  facts: RankingFacts,
  mode: RankingMode,
  weights: SignalWeights,
): ScoredProduct[] {
  const personal = scaled(new Map([...facts.history].map(([id, bought]) => [id, bought.weight])));
  const leaning = categoryLeaning(facts.history);
  const cartAssociation = scaled(facts.cartAssociations);
  const historyAssociation = scaled(facts.historyAssociations);
  const cartDriven = mode === 'cart' && (facts.cartAssociations.size > 0 || facts.cartThirdParty.size > 0);
  return productIds.map((productId) => {
    const signals = {
      personal: personal(productId),
      category: leaning(facts.history.has(productId) ? facts.history.get(productId) : facts.category(productId)),
      cartAssociation: cartAssociation(productId),
      historyAssociation: historyAssociation(productId),
      thirdParty: Math.max(facts.customerThirdParty.get(productId) ?? 0, facts.cartThirdParty.get(productId) ?? 0),
    };
    const score =
      weights.personal * signals.personal +
      weights.category * signals.category +
      weights.cartAssociation * signals.cartAssociation +
      weights.historyAssociation * signals.historyAssociation +
      weights.popularity * facts.popularity(productId) +
      weights.thirdParty * signals.thirdParty;
    // A cart with evidence decides by what others bought with it; otherwise the customer's own shopping does.
    const matches = cartDriven
      ? signals.cartAssociation > 0 || (facts.cartThirdParty.get(productId) ?? 0) > 0
      : signals.personal > 0 || signals.historyAssociation > 0 || signals.category >= CATEGORY_PASS || signals.thirdParty > 0;
    return { productId, score, matches };
  });
}

/** Best first; ties keep the order the products came in. */
export function bestFirst(scored: readonly ScoredProduct[]): ScoredProduct[] {
  return scored
    .map((product, place) => ({ product, place }))
    .sort((a, b) => b.product.score - a.product.score || a.place - b.place)
    .map(({ product }) => product);
}

/** `eliminate`: the candidates the evidence speaks for, best first; possibly none. */
export function eliminate(candidates: readonly string[], facts: RankingFacts, mode: RankingMode, weights: SignalWeights): string[] {
  return bestFirst(scoreProducts(candidates, facts, mode, weights).filter((product) => product.matches)).map((p) => p.productId);
}

/** `order`: every candidate, best first, at most `count`. */
export function order(
  candidates: readonly string[],
  facts: RankingFacts,
  mode: RankingMode,
  weights: SignalWeights,
  count: number,
): string[] {
  return bestFirst(scoreProducts(candidates, facts, mode, weights))
    .slice(0, count)
    .map((p) => p.productId);
}

/**
 * `combine`: the candidates that pass elimination, then, while fewer than `count`, the best of the
 * engine's own picks (`pool`) that are neither candidates nor excluded (the cart's own products).
 */
export function combine(
  candidates: readonly string[],
  pool: readonly string[],
  excluded: ReadonlySet<string>,
  facts: RankingFacts,
  mode: RankingMode,
  weights: SignalWeights,
  count: number,
): string[] {
  const kept = eliminate(candidates, facts, mode, weights).slice(0, count);
  if (kept.length >= count) return kept;
  const taken = new Set([...candidates, ...excluded]);
  const fill = bestFirst(
    scoreProducts(
      [...new Set(pool)].filter((id) => !taken.has(id)),
      facts,
      mode,
      weights,
    ),
  );
  return [...kept, ...fill.slice(0, count - kept.length).map((p) => p.productId)];
}
