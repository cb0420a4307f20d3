import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { BenchSuite, Measurement, MeasuredScenario } from '../bench-suite';
import { StatementTally } from '../statement-counter';
import { DefinitionLifecycle, cliAuditActor } from '../../src/modules/audit';
import { SegmentCondition, SegmentDefinitionRepository, SegmentEvaluation } from '../../src/modules/segments';
import { CUSTOMERS, ensureCustomers } from './customers.bench';
import { PURCHASES, ensurePurchases, percentile } from './figures.bench';

const RUNS = 3;

/** Five conditions over the profile and a year of purchases: the bench tree. */
const FIVE_CONDITIONS: SegmentCondition = {
  kind: 'all',
  conditions: [
    { kind: 'purchases', days: 90, count_min: 1 },
    { kind: 'purchases', days: 365, amount_min: 100 },
    { kind: 'last_purchase', more_than_days: 7 },
    { kind: 'not', condition: { kind: 'profile', field: 'email', op: 'absent' } },
    {
      kind: 'any',
      conditions: [
        { kind: 'age', min: 18 },
        { kind: 'profile', field: 'state', op: 'one_of', values: ['1'] },
      ],
    },
  ],
};

/** A full evaluation of the five-condition segment, timed `RUNS` times (the first one fills it, the others find it current). */
function fullEvaluationScenario(evaluation: SegmentEvaluation, segmentKey: string, log: (message: string) => void): MeasuredScenario {
  const name = `segment full evaluation, 5 conditions (${CUSTOMERS / 1e6}M customers, ${PURCHASES / 1e6}M purchases)`;
  return {
    name,
    baseline: 'nest-pg-select',
    async measure(tally: StatementTally): Promise<Measurement> {
      const seconds: number[] = [];
      const before = tally.count;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const change = await evaluation.evaluateNow(cliAuditActor('bench segment evaluate'), segmentKey);
        seconds.push((performance.now() - started) / 1000);
        log(`  full evaluation ${run + 1}: ${seconds.at(-1)!.toFixed(2)} s, ${change.joined} joined, ${change.left} left`);
      }
      const sorted = [...seconds].sort((a, b) => a - b);
      return {
        name,
        requestsPerSecond: RUNS / seconds.reduce((sum, value) => sum + value, 0),
        p50: percentile(sorted, 0.5) * 1000,
        p99: percentile(sorted, 0.99) * 1000,
        non2xx: 0,
        statementsPerRequest: (tally.count - before) / RUNS,
        statuses: `evaluations:${RUNS}`,
      };
    },
  };
}

/** Dynamic segments over the customers and figures suites' generated million customers and their purchases. */
export const segmentsSuite: BenchSuite = {
  name: 'segments',
  async prepare({ app, databaseUrl, log }) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureCustomers(client, log);
      await ensurePurchases(client, log);
    } finally {
      await client.end();
    }
    const lifecycle = app.get(DefinitionLifecycle);
    const segment = await lifecycle.create(cliAuditActor('bench segment define'), app.get(SegmentDefinitionRepository), {
      name: `Bench five conditions ${Date.now()}`,
      conditions: FIVE_CONDITIONS,
    });
    return [fullEvaluationScenario(app.get(SegmentEvaluation), segment.segment_id, log)];
  },
};
