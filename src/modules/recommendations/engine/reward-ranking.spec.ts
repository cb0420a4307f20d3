import { RewardEvidence, rankRewards, rewardEvidence } from './reward-ranking';

const none = { products: 0, groups: 0, brands: 0, sameReward: 0, sameType: 0 };
const reward = (rewardId: string, evidence: Partial<Omit<RewardEvidence, 'rewardId'>> = {}): RewardEvidence => ({
  rewardId,
  ...none,
  ...evidence,
});

describe('reward ranking', () => {
  it('keeps the given order without evidence', () => {
    expect(rankRewards([reward('a'), reward('b'), reward('c')])).toEqual(['a', 'b', 'c']);
  });

  it("puts rewards for the customer's products first, then rewards they took before, their groups, voucher habits and brands", () => {
    expect(
      rankRewards([
        reward('habit', { sameType: 4 }),
        reward('brand', { brands: 2 }),
        reward('product', { products: 1.5 }),
        reward('group', { groups: 3 }),
        reward('again', { sameReward: 2 }),
      ]),
    ).toEqual(['product', 'again', 'group', 'habit', 'brand']);
  });

  it('scales each signal by its strongest reward, so units do not matter', () => {
    expect(rankRewards([reward('small', { products: 0.001 }), reward('groups', { groups: 1000 })])).toEqual(['small', 'groups']);
  });

  it("reads each reward's evidence as the customer's strongest weight among what it relates to", () => {
    const customer = {
      products: new Map([
        ['espresso', 2],
        ['beans', 0.5],
      ]),
      groups: new Map([['coffee', 2.5]]),
      brands: new Map([['roastery', 1]]),
      rewards: new Map([['coffee-deal', 2]]),
      rewardTypes: new Map([['discount', 3]]),
    };
    const candidates = [
      { rewardId: 'coffee-deal', rewardTypeId: 'discount', products: ['beans', 'espresso'], groups: ['coffee'], brands: ['kettle'] },
      { rewardId: 'tea-deal', rewardTypeId: 'gift', products: ['teapot'], groups: ['tea'], brands: [] },
    ];
    expect(rewardEvidence(candidates, customer)).toEqual([
      { rewardId: 'coffee-deal', products: 2, groups: 2.5, brands: 0, sameReward: 2, sameType: 3 },
      { rewardId: 'tea-deal', products: 0, groups: 0, brands: 0, sameReward: 0, sameType: 0 },
    ]);
  });
});
