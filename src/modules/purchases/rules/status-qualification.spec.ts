import { LadderStatus, qualifiedStatus } from './status-qualification';

const basic: LadderStatus = { id: 'basic', tier: 1, qualificationType: 0, turnovers: [], points: null };
const silver: LadderStatus = { id: 'silver', tier: 2, qualificationType: 2, turnovers: [{ currencyId: 'EUR', value: 100 }], points: null };
const gold: LadderStatus = {
  id: 'gold',
  tier: 3,
  qualificationType: 2,
  turnovers: [
    { currencyId: 'EUR', value: 1000 },
    { currencyId: 'CZK', value: 25000 },
  ],
  points: null,
};
const vip: LadderStatus = { id: 'vip', tier: 9, qualificationType: 1, turnovers: [], points: null };
const ladder = [basic, silver, gold, vip];

describe('qualifiedStatus', () => {
  const cases: [string, LadderStatus | null, Record<string, number>, string | null][] = [
    ['no turnover keeps the entry status', basic, {}, 'basic'],
    ['a met threshold upgrades', basic, { EUR: 150 }, 'silver'],
    ['the highest met threshold wins', basic, { EUR: 1500 }, 'gold'],
    ['any currency of a status qualifies', silver, { CZK: 30000 }, 'gold'],
    ['turnover lost after a cancellation falls back to the entry status', gold, { EUR: 20 }, 'basic'],
    ['a status given by hand is kept', vip, { EUR: 5000 }, 'vip'],
    ['no status and no turnover stays without one', null, {}, null],
    ['no status and a met threshold qualifies', null, { EUR: 100 }, 'silver'],
  ];
  it.each(cases)('%s', (_name, current, turnover, expected) => {
    const achieved = { turnoverOf: (_status: LadderStatus, currencyId: string) => turnover[currencyId] ?? 0, pointsOf: () => 0 };
    expect(qualifiedStatus(ladder, current, achieved)?.id ?? null).toBe(expected);
  });

  describe('statuses earned by points', () => {
    const byPoints = (id: string, tier: number, points: number): LadderStatus => ({
      id,
      tier,
      qualificationType: 2,
      turnovers: [],
      points,
    });
    const pointsLadder = [basic, byPoints('silver', 2, 1000), byPoints('gold', 3, 5000)];
    const pointCases: [string, LadderStatus | null, number, string | null][] = [
      ['points below every threshold keep the entry status', basic, 999, 'basic'],
      ['points over the lower threshold qualify for it', basic, 2742, 'silver'],
      ['points over the higher threshold qualify for it', basic, 5000, 'gold'],
      ['a customer without a status qualifies by points too', null, 2742, 'silver'],
      ['points lost after a cancellation fall back to the entry status', pointsLadder[2], 10, 'basic'],
    ];
    it.each(pointCases)('%s', (_name, current, points, expected) => {
      expect(qualifiedStatus(pointsLadder, current, { turnoverOf: () => 0, pointsOf: () => points })?.id ?? null).toBe(expected);
    });

    it('qualifies by points or by turnover, whichever is met', () => {
      const both: LadderStatus = { ...byPoints('silver', 2, 1000), turnovers: [{ currencyId: 'EUR', value: 100 }] };
      const ladderOfBoth = [basic, both];
      expect(qualifiedStatus(ladderOfBoth, basic, { turnoverOf: () => 150, pointsOf: () => 0 })?.id).toBe('silver');
      expect(qualifiedStatus(ladderOfBoth, basic, { turnoverOf: () => 0, pointsOf: () => 1000 })?.id).toBe('silver');
      expect(qualifiedStatus(ladderOfBoth, basic, { turnoverOf: () => 50, pointsOf: () => 500 })?.id).toBe('basic');
    });

    it('reads each status its own points, since periods differ', () => {
      const lowerShort = { ...byPoints('silver', 2, 1000) };
      const higherLong = { ...byPoints('gold', 3, 1500) };
      const pointsOf = (status: LadderStatus) => (status.id === 'gold' ? 1200 : 1100);
      expect(qualifiedStatus([basic, lowerShort, higherLong], basic, { turnoverOf: () => 0, pointsOf })?.id).toBe('silver');
    });
  });
});
