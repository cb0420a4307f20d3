/**
 * Ranking metrics of one recommendation list against the products a customer really bought next, with
 * binary relevance. A product recommended twice counts once, at its first position, so a list cannot
 * score by repeating a hit. The relevant set must not be empty: a customer without a next basket has
 * nothing to measure and is left out of the evaluation rather than scored 0 or 1.
 */

export interface RankingScores {
  recall: number;
  ndcg: number;
  hitRate: number;
}

/** Positions (0-based) of the first occurrence of each relevant product within the top k. */
function hitPositions(recommended: readonly string[], relevant: ReadonlySet<string>, k: number): number[] {
  if (relevant.size === 0) throw new RangeError('The relevant set is empty: there is nothing to measure');
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
  const seen = new Set<string>();
  const positions: number[] = [];
  recommended.slice(0, k).forEach((id, position) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (relevant.has(id)) positions.push(position);
  });
  return positions;
}

const discount = (position: number) => 1 / Math.log2(position + 2);

/** Share of the relevant products found in the top k. */
export function recallAtK(recommended: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return hitPositions(recommended, relevant, k).length / relevant.size;
}

/** 1 when the top k holds at least one relevant product, else 0. */
export function hitRateAtK(recommended: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return hitPositions(recommended, relevant, k).length > 0 ? 1 : 0;
}

/** DCG of the top k divided by the best possible DCG, which puts min(k, |relevant|) hits first. */
export function ndcgAtK(recommended: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const dcg = hitPositions(recommended, relevant, k).reduce((sum, position) => sum + discount(position), 0);
  let ideal = 0;
  for (let position = 0; position < Math.min(k, relevant.size); position++) ideal += discount(position);
  return dcg / ideal;
}

/** The three metrics of one list. */
export function scoreRanking(recommended: readonly string[], relevant: ReadonlySet<string>, k: number): RankingScores {
  return {
    recall: recallAtK(recommended, relevant, k),
    ndcg: ndcgAtK(recommended, relevant, k),
    hitRate: hitRateAtK(recommended, relevant, k),
  };
}

/** The mean of each metric over many lists (one per customer). */
export function averageScores(scores: readonly RankingScores[]): RankingScores {
  if (scores.length === 0) throw new RangeError('No scores to average');
  const total = scores.reduce((sum, s) => ({ recall: sum.recall + s.recall, ndcg: sum.ndcg + s.ndcg, hitRate: sum.hitRate + s.hitRate }), {
    recall: 0,
    ndcg: 0,
    hitRate: 0,
  });
  return { recall: total.recall / scores.length, ndcg: total.ndcg / scores.length, hitRate: total.hitRate / scores.length };
}
