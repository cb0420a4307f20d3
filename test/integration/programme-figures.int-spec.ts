import { TestApp } from '../support/test-app';
import { purchaseSetting, PurchaseSetting, teaPurchase } from '../support/tea-purchase';
import { PointLedgerService } from '../../src/modules/loyalty';
import { FiguresRollupService, ProgrammeFiguresService } from '../../src/modules/programme-figures';

const DAY_MS = 86_400_000;
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The dashboards' figures as the rollup keeps them from purchases, customers and point movements. */
describe('Programme figures (services)', () => {
  let t: TestApp;
  let setting: PurchaseSetting;
  let rollup: FiguresRollupService;
  let figures: ProgrammeFiguresService;
  const today = dayOf(new Date());
  const threeDaysAgo = dayOf(new Date(Date.now() - 3 * DAY_MS));

  const sendPurchase = async (customerId: string, bill: Record<string, unknown> = {}) => {
    const sent = await t.enterprise('POST', '/purchases/actions/send-purchase', {
      token: await t.enterpriseToken(),
      body: teaPurchase(setting, customerId, bill),
    });
    expect(sent.status).toBe(201);
  };

  const dailyFigures = async () => {
    const result = await figures.figures({ from: threeDaysAgo, to: today, granularity: 'day' });
    return Object.fromEntries(result.periods.map((period) => [period.period, period]));
  };

  beforeAll(async () => {
    t = await TestApp.create();
    setting = await purchaseSetting(t.dataSource);
    rollup = t.service(FiguresRollupService);
    figures = t.service(ProgrammeFiguresService);
  });

  afterAll(() => t.close());

  it('counts customers, purchases (a backdated one on its own day), points and the liability exactly, and again after a second run', async () => {
    const [ann, bob, cid] = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
    await sendPurchase(ann.customerId);
    await sendPurchase(ann.customerId);
    await sendPurchase(bob.customerId, { payment_time: new Date(Date.now() - 3 * DAY_MS).toISOString() });
    const points = t.service(PointLedgerService);
    await points.addPoints({ customerId: cid.customerId, amount: 5000n });
    await points.deductPoints({ customerId: cid.customerId, amount: 1250n });

    const first = await rollup.run();
    expect(first.ran).toBe(true);
    const byDay = await dailyFigures();
    // Each tea purchase of 40 earns 40 points at the default rule, the backdated one's too, on the day
    // they were recorded; the ledger adds 50 and takes 12.50.
    expect(byDay[today]).toMatchObject({
      newCustomers: 3,
      activeCustomers: 1,
      purchases: 2,
      turnover: '80.0000',
      pointsEarned: '170.00',
      pointsSpent: '12.50',
      pointsExpired: '0.00',
      pointsOutstanding: '157.50',
      liability: '1.5750',
    });
    expect(byDay[threeDaysAgo]).toMatchObject({ newCustomers: 0, activeCustomers: 1, purchases: 1, turnover: '40.0000' });

    const again = await rollup.run();
    expect(again.ran).toBe(true);
    expect(await dailyFigures()).toEqual(byDay);

    const monthly = await figures.figures({ from: threeDaysAgo, to: today, granularity: 'month' });
    const allMonths = monthly.periods.reduce(
      (sum, period) => ({ purchases: sum.purchases + period.purchases, newCustomers: sum.newCustomers + period.newCustomers }),
      { purchases: 0, newCustomers: 0 },
    );
    expect(allMonths).toEqual({ purchases: 3, newCustomers: 3 });
    expect(monthly.periods.at(-1)?.pointsOutstanding).toBe('157.50');
  });

  it('counts a customer active once per week and month however many days they bought on', async () => {
    const dee = await t.createCustomer();
    await sendPurchase(dee.customerId);
    await sendPurchase(dee.customerId, { payment_time: new Date(Date.now() - DAY_MS).toISOString() });
    await rollup.run();
    const yesterday = dayOf(new Date(Date.now() - DAY_MS));
    for (const granularity of ['week', 'month'] as const) {
      const result = await figures.figures({ from: yesterday, to: today, granularity });
      const expected: { period: string; buyers: number }[] = await t.dataSource.query(
        `SELECT date_trunc($1, payment_time AT TIME ZONE 'UTC')::date::text AS period, count(DISTINCT customer_id)::int AS buyers
           FROM purchases WHERE NOT canceled AND customer_id IS NOT NULL
            AND payment_time >= $2::date::timestamp AT TIME ZONE 'UTC' AND payment_time < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
          GROUP BY 1 ORDER BY 1`,
        [granularity, result.from, result.to],
      );
      expect(
        result.periods.filter((period) => period.activeCustomers > 0).map((p) => ({ period: p.period, buyers: p.activeCustomers })),
      ).toEqual(expected);
      expect(result.periods.at(-1)?.activeCustomers).toBeGreaterThanOrEqual(1);
    }
  });

  it('lets one of two concurrent runs work and the other skip, with nothing counted twice', async () => {
    const before = await dailyFigures();
    const eve = await t.createCustomer();
    await sendPurchase(eve.customerId);
    const runs = await Promise.all([rollup.run(), rollup.run()]);
    expect(runs.filter((run) => run.ran).length).toBeGreaterThanOrEqual(1);
    const after = await dailyFigures();
    expect(after[today].purchases).toBe(before[today].purchases + 1);
    expect(after[today].newCustomers).toBe(before[today].newCustomers + 1);
    expect(after[today].turnover).toBe((Number(before[today].turnover) + 40).toFixed(4));
  });

  it('counts a customer whose transaction was still open during a run, once, in the next run', async () => {
    const before = (await dailyFigures())[today].newCustomers;
    const open = t.dataSource.createQueryRunner();
    await open.connect();
    await open.startTransaction();
    try {
      await open.query(
        `INSERT INTO customers (customer_id, email) VALUES (md5(random()::text), 'late-' || md5(random()::text) || '@example.test')`,
      );
      await rollup.run();
      expect((await dailyFigures())[today].newCustomers).toBe(before);
      await open.commitTransaction();
    } finally {
      await open.release();
    }
    await rollup.run();
    await rollup.run();
    expect((await dailyFigures())[today].newCustomers).toBe(before + 1);
  });

  it('leaves rows written with times before its marks to a rebuild, which counts every row once', async () => {
    await rollup.run();
    const before = await dailyFigures();
    const yesterday = dayOf(new Date(Date.now() - DAY_MS));
    // An import of history: written now, but with the time it happened.
    await t.dataSource.query(
      `INSERT INTO customers (customer_id, email, created_at) VALUES (md5(random()::text), 'imported-' || md5(random()::text) || '@example.test', now() - interval '1 day')`,
    );
    await rollup.run();
    expect(await dailyFigures()).toEqual(before);
    expect((await rollup.rebuild()).ran).toBe(true);
    const after = await dailyFigures();
    expect(after[yesterday].newCustomers).toBe(before[yesterday].newCustomers + 1);
    expect({ ...after, [yesterday]: before[yesterday] }).toEqual(before);
  });

  it('refuses a reversed range on its field', async () => {
    await expect(figures.figures({ from: today, to: threeDaysAgo, granularity: 'day' })).rejects.toMatchObject({
      toApiError: expect.any(Function),
    });
  });
});
