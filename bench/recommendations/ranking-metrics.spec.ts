import { averageScores, hitRateAtK, ndcgAtK, recallAtK, scoreRanking } from './ranking-metrics';

const log2 = Math.log2;

describe('ranking metrics', () => {
  const relevant = new Set(['b', 'd', 'x']);

  it('counts the relevant products found within the top k only', () => {
    expect(recallAtK(['a', 'b', 'c', 'd'], relevant, 3)).toBeCloseTo(1 / 3);
    expect(recallAtK(['a', 'b', 'c', 'd'], relevant, 4)).toBeCloseTo(2 / 3);
    expect(hitRateAtK(['a', 'c', 'd'], relevant, 2)).toBe(0);
    expect(hitRateAtK(['a', 'c', 'd'], relevant, 3)).toBe(1);
  });

  it('discounts hits by position and divides by the ideal DCG of min(k, |relevant|) hits', () => {
    expect(ndcgAtK(['a', 'b', 'c', 'd'], relevant, 3)).toBeCloseTo(1 / log2(3) / (1 + 1 / log2(3) + 1 / log2(4)));
    expect(ndcgAtK(['a', 'b', 'c', 'd'], relevant, 4)).toBeCloseTo((1 / log2(3) + 1 / log2(5)) / (1 + 1 / log2(3) + 1 / log2(4)));
    // More relevant products than k: the ideal list is k hits long, so k hits in a row score 1.
    expect(ndcgAtK(['b', 'd'], relevant, 2)).toBeCloseTo(1);
    // Fewer relevant products than k: all of them first scores 1, whatever follows.
    expect(ndcgAtK(['x', 'd', 'b', 'q', 'r'], relevant, 5)).toBeCloseTo(1);
  });

  it('scores a miss 0 and a list shorter than k as it is', () => {
    expect(scoreRanking(['p', 'q'], relevant, 10)).toEqual({ recall: 0, ndcg: 0, hitRate: 0 });
    expect(scoreRanking(['d'], relevant, 10)).toEqual({ recall: 1 / 3, ndcg: 1 / (1 + 1 / log2(3) + 1 / log2(4)), hitRate: 1 });
  });

  it('counts a repeated recommendation once, at its first position', () => {
    expect(scoreRanking(['b', 'b', 'b'], relevant, 3)).toEqual(scoreRanking(['b'], relevant, 3));
    expect(ndcgAtK(['a', 'a', 'b'], new Set(['a']), 3)).toBeCloseTo(1);
  });

  it('refuses an empty relevant set and a k that is not a positive integer', () => {
    expect(() => recallAtK(['a'], new Set(), 10)).toThrow(RangeError);
    expect(() => ndcgAtK(['a'], relevant, 0)).toThrow(RangeError);
    expect(() => hitRateAtK(['a'], relevant, 1.5)).toThrow(RangeError);
  });

  it('averages each metric over the lists', () => {
    expect(
      averageScores([
        { recall: 1, ndcg: 0.5, hitRate: 1 },
        { recall: 0, ndcg: 0, hitRate: 0 },
        { recall: 0.5, ndcg: 1, hitRate: 1 },
      ]),
    ).toEqual({ recall: 0.5, ndcg: 0.5, hitRate: 2 / 3 });
    expect(() => averageScores([])).toThrow(RangeError);
  });
});
