import { planDeductions, totalAvailable } from './ledger-consumption';

describe('planDeductions', () => {
  const records = [
    { id: 'oldest', available: 300n },
    { id: 'empty', available: 0n },
    { id: 'middle', available: 500n },
    { id: 'newest', available: 1000n },
  ];

  it('spends the oldest records first and leaves the rest untouched', () => {
    expect(planDeductions(records, 600n)).toEqual([
      { id: 'oldest', take: 300n, remaining: 0n },
      { id: 'middle', take: 300n, remaining: 200n },
    ]);
  });

  it('can spend everything exactly', () => {
    const plan = planDeductions(records, 1800n);
    expect(plan?.map((d) => d.remaining)).toEqual([0n, 0n, 0n]);
  });

  it('takes nothing when the records hold too little', () => {
    expect(planDeductions(records, 1801n)).toBeNull();
    expect(planDeductions([], 1n)).toBeNull();
    expect(totalAvailable(records)).toBe(1800n);
  });
});
