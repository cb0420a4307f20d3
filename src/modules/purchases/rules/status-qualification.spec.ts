import { Achievement, Evaluation, LadderStatus, qualifiedStatus } from './status-qualification';

const status = (id: string, tier: number, qualificationType: number, thresholds: Partial<LadderStatus> = {}): LadderStatus => ({
  id,
  tier,
  qualificationType,
  turnovers: [],
  points: null,
  purchases: null,
  ...thresholds,
});

const basic = status('basic', 1, 0);
const vip = status('vip', 9, 1);

/** What a customer achieved, per status (each status counts over its own period) or the same for all. */
interface Figures {
  turnover?: Record<string, number>;
  points?: number | Record<string, number>;
  purchases?: number | Record<string, number>;
}

const perStatus = (value: number | Record<string, number> | undefined, id: string) =>
  typeof value === 'number' ? value : (value?.[id] ?? 0);

const achievedFrom = (figures: Figures): Achievement<LadderStatus> => ({
  turnoverOf: (_status, currencyId) => figures.turnover?.[currencyId] ?? 0,
  pointsOf: (of) => perStatus(figures.points, of.id),
  purchasesOf: (of) => perStatus(figures.purchases, of.id),
});

type Case = [name: string, current: LadderStatus | null, figures: Figures, evaluation: Evaluation, expected: string | null];

const run =
  (ladder: LadderStatus[]) =>
  (_name: string, current: LadderStatus | null, figures: Figures, evaluation: Evaluation, expected: string | null) =>
    expect(qualifiedStatus(ladder, current, achievedFrom(figures), evaluation)?.id ?? null).toBe(expected);

describe('qualifiedStatus', () => {
  describe('by turnover, any of its currencies', () => {
    const silver = status('silver', 2, 2, { turnovers: [{ currencyId: 'EUR', value: 100 }] });
    const gold = status('gold', 3, 2, {
      turnovers: [
        { currencyId: 'EUR', value: 1000 },
        { currencyId: 'CZK', value: 25000 },
      ],
    });
    const cases: Case[] = [
      ['no turnover keeps the entry status', basic, {}, 'activity', 'basic'],
      ['a met threshold upgrades at once', basic, { turnover: { EUR: 150 } }, 'activity', 'silver'],
      ['the highest met threshold wins', basic, { turnover: { EUR: 1500 } }, 'activity', 'gold'],
      ['any currency of a status qualifies', silver, { turnover: { CZK: 30000 } }, 'activity', 'gold'],
      ['turnover lost is no downgrade before the period ends', gold, { turnover: { EUR: 20 } }, 'activity', 'gold'],
      ['turnover reaching only a lower status is no downgrade either', gold, { turnover: { EUR: 200 } }, 'activity', 'gold'],
      ['at the period end the customer moves down to what is met', gold, { turnover: { EUR: 200 } }, 'period_end', 'silver'],
      ['at the period end nothing met falls back to the entry status', gold, { turnover: { EUR: 20 } }, 'period_end', 'basic'],
      ['at the period end a status still met is kept', gold, { turnover: { EUR: 1000 } }, 'period_end', 'gold'],
      ['at the period end a status given by hand gives way to what is met', vip, { turnover: { EUR: 150 } }, 'period_end', 'silver'],
      ['a status given by hand is kept after activity', vip, { turnover: { EUR: 5000 } }, 'activity', 'vip'],
      ['no status and no turnover stays without one', null, {}, 'activity', null],
      ['no status and a met threshold qualifies', null, { turnover: { EUR: 100 } }, 'activity', 'silver'],
    ];
    it.each(cases)('%s', run([basic, silver, gold, vip]));

    it('with no entry status, a period end with nothing met leaves the customer without one', () => {
      expect(qualifiedStatus([silver, gold], gold, achievedFrom({}), 'period_end')).toBeNull();
    });
  });

  describe('by points', () => {
    const silver = status('silver', 2, 2, { points: 1000 });
    const gold = status('gold', 3, 2, { points: 5000 });
    const cases: Case[] = [
      ['points below every threshold keep the entry status', basic, { points: 999 }, 'activity', 'basic'],
      ['points over the lower threshold qualify for it', basic, { points: 2742 }, 'activity', 'silver'],
      ['points over the higher threshold qualify for it', silver, { points: 5000 }, 'activity', 'gold'],
      ['a customer without a status qualifies by points too', null, { points: 2742 }, 'activity', 'silver'],
      ['points lost after a cancellation keep the status until the period ends', gold, { points: 10 }, 'activity', 'gold'],
      ['points lost are a downgrade at the period end', gold, { points: 1200 }, 'period_end', 'silver'],
      ['each status reads the points of its own period', basic, { points: { silver: 1100, gold: 4900 } }, 'activity', 'silver'],
    ];
    it.each(cases)('%s', run([basic, silver, gold]));
  });

  describe('by number of purchases', () => {
    const silver = status('silver', 2, 2, { purchases: 5 });
    const gold = status('gold', 3, 2, { purchases: 20 });
    const cases: Case[] = [
      ['fewer purchases than any threshold keep the entry status', basic, { purchases: 4 }, 'activity', 'basic'],
      ['the fifth purchase qualifies for silver', basic, { purchases: 5 }, 'activity', 'silver'],
      ['twenty purchases qualify for gold', silver, { purchases: 20 }, 'activity', 'gold'],
      ['a cancelled purchase keeps gold until the period ends', gold, { purchases: 19 }, 'activity', 'gold'],
      ['fewer purchases at the period end move down', gold, { purchases: 19 }, 'period_end', 'silver'],
      ['each status counts over its own period', basic, { purchases: { silver: 3, gold: 20 } }, 'activity', 'gold'],
      ['counted over a shorter period, the lower status may be missed', basic, { purchases: { silver: 4, gold: 8 } }, 'activity', 'basic'],
    ];
    it.each(cases)('%s', run([basic, silver, gold]));
  });

  describe('any threshold met qualifies', () => {
    const silver = status('silver', 2, 2, { turnovers: [{ currencyId: 'EUR', value: 100 }], points: 1000, purchases: 5 });
    const cases: Case[] = [
      ['turnover alone', basic, { turnover: { EUR: 150 } }, 'activity', 'silver'],
      ['points alone', basic, { points: 1000 }, 'activity', 'silver'],
      ['purchases alone', basic, { purchases: 5 }, 'activity', 'silver'],
      ['none of them, each short', basic, { turnover: { EUR: 50 }, points: 500, purchases: 4 }, 'activity', 'basic'],
    ];
    it.each(cases)('%s', run([basic, silver]));
  });

  it('never earns a status reached by conditions that has no threshold', () => {
    const open = status('open', 2, 2);
    expect(qualifiedStatus([basic, open], basic, achievedFrom({ purchases: 100 }), 'period_end')?.id).toBe('basic');
  });
});
