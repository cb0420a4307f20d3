import { LadderStatus, qualifiedStatus } from './status-qualification';

const basic: LadderStatus = { id: 'basic', tier: 1, qualificationType: 0, turnovers: [] };
const silver: LadderStatus = { id: 'silver', tier: 2, qualificationType: 2, turnovers: [{ currencyId: 'EUR', value: 100 }] };
const gold: LadderStatus = {
  id: 'gold',
  tier: 3,
  qualificationType: 2,
  turnovers: [
    { currencyId: 'EUR', value: 1000 },
    { currencyId: 'CZK', value: 25000 },
  ],
};
const vip: LadderStatus = { id: 'vip', tier: 9, qualificationType: 1, turnovers: [] };
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
    expect(qualifiedStatus(ladder, current, (_status, currencyId) => turnover[currencyId] ?? 0)?.id ?? null).toBe(expected);
  });
});
