/** How reward recommendations rank the rewards open to a customer. Pure, like product ranking. */

/** One reward's evidence, each raw value on its own scale (decayed purchase weights, voucher counts). */
export interface RewardEvidence {
  rewardId: string;
  /** The strongest of the customer's weights on the reward's products. */
  products: number;
  /** The customer's weight on the reward's product groups (its own or its products' groups), and brands. */
  groups: number;
  brands: number;
  /** The customer's vouchers of this reward (used ones count double), and of rewards of its type. */
  sameReward: number;
  sameType: number;
}

/** A reward's relations and the customer's weights, as reward recommendations read them. */
export interface RewardCandidate {
  rewardId: string;
  rewardTypeId: string;
  products: readonly string[];
  groups: readonly string[];
  brands: readonly string[];
}

export interface CustomerWeights {
  products: ReadonlyMap<string, number>;
  groups: ReadonlyMap<string, number>;
  brands: ReadonlyMap<string, number>;
  rewards: ReadonlyMap<string, number>;
  rewardTypes: ReadonlyMap<string, number>;
}

const strongest = (ids: readonly string[], weights: ReadonlyMap<string, number>): number =>
  ids.reduce((max, id) => Math.max(max, weights.get(id) ?? 0), 0);

/** Each reward's evidence: the customer's strongest weight among what the reward relates to. */
export function rewardEvidence(candidates: readonly RewardCandidate[], customer: CustomerWeights): RewardEvidence[] {
  return candidates.map((reward) => ({
    rewardId: reward.rewardId,
    products: strongest(reward.products, customer.products),
    groups: strongest(reward.groups, customer.groups),
    brands: strongest(reward.brands, customer.brands),
    sameReward: customer.rewards.get(reward.rewardId) ?? 0,
    sameType: customer.rewardTypes.get(reward.rewardTypeId) ?? 0,
  }));
}

/** Documented in the README (Recommendations). */
export const REWARD_SIGNAL_WEIGHTS = { products: 1, category: 0.6, sameReward: 0.5, sameType: 0.3 } as const;

function maxOf(evidence: readonly RewardEvidence[], key: keyof Omit<RewardEvidence, 'rewardId'>): number {
  return evidence.reduce((max, item) => Math.max(max, item[key]), 0);
}

/** The reward ids best first; equal scores keep the order given (the lists' default order). */
export function rankRewards(evidence: readonly RewardEvidence[]): string[] {
  const scale = (key: keyof Omit<RewardEvidence, 'rewardId'>) => {
    const max = maxOf(evidence, key);
    return (item: RewardEvidence) => (max > 0 ? item[key] / max : 0);
  };
  const products = scale('products');
  const groups = scale('groups');
  const brands = scale('brands');
  const sameReward = scale('sameReward');
  const sameType = scale('sameType');
  const w = REWARD_SIGNAL_WEIGHTS;
  return evidence
    .map((item, place) => ({
      id: item.rewardId,
      place,
      score:
        w.products * products(item) +
        w.category * (0.6 * groups(item) + 0.4 * brands(item)) +
        w.sameReward * sameReward(item) +
        w.sameType * sameType(item),
    }))
    .sort((a, b) => b.score - a.score || a.place - b.place)
    .map((item) => item.id);
}
