import { performance } from 'node:perf_hooks';
import { OPERATOR_BASE_PATH } from '@tessera/http';
import { BenchContext, BenchSuite, Measurement, MeasuredScenario } from '../bench-suite';
import { ownerHeaders } from '../operator-session';
import { StatementTally, whenQuiet } from '../statement-counter';
import { CUSTOMERS, PROBE } from './customers.bench';
import { percentile } from './figures.bench';
import { ensurePictureData } from './picture.bench';

/** Sequential calls per list; the slowest of them is its p99 at this count. */
const CALLS_PER_LIST = Number(process.env.BENCH_LIST_CALLS ?? '40');

/** How an operator finds one customer among the million: each term the console's search box takes. */
const CUSTOMER_SEARCHES = [
  `bench-customer-${PROBE}@bench.test`,
  `BENCH-PIC-${PROBE}`,
  `bench-ext-${PROBE}`,
  'First4321 Last14321',
  'First432',
];

interface ListTiming {
  path: string;
  p50: number;
  p99: number;
  /** Milliseconds its measured calls took together. */
  spent: number;
  status: number;
}

interface DocumentOperation {
  parameters?: { in: string; required?: boolean }[];
}

/**
 * Every operator GET the operator API's own document lists without a path parameter or a required query
 * parameter (the customer search and the figures are asked with theirs elsewhere): the lists, and a few
 * single answers. Its paths carry the operator API's prefix.
 */
async function operatorListPaths(origin: string, headers: Record<string, string>): Promise<string[]> {
  const response = await fetch(`${origin}/${OPERATOR_BASE_PATH}/docs/openapi.json`, { headers });
  const document = (await response.json()) as { paths: Record<string, { get?: DocumentOperation }> };
  return Object.entries(document.paths)
    .filter(([path, { get }]) => get !== undefined && !path.includes('{') && !get.parameters?.some((p) => p.in === 'query' && p.required))
    .map(([path]) => path)
    .sort();
}

/** One caller asks `url` `CALLS_PER_LIST` times after one unmeasured call; its latencies and last status. */
async function timeList(url: string, headers: Record<string, string>): Promise<{ latencies: number[]; status: number }> {
  const warmUp = await fetch(url, { headers });
  await warmUp.arrayBuffer();
  let status = warmUp.status;
  const latencies: number[] = [];
  for (let call = 0; call < CALLS_PER_LIST; call++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    status = response.status;
  }
  return { latencies: latencies.sort((a, b) => a - b), status };
}

/**
 * Every operator list and the customer searches, each asked by one caller (as one operator's console
 * does) at a million customers; the row is the slowest list, and every list's p50 and p99 are logged.
 */
function everyListScenario(origin: string, headers: Record<string, string>, log: BenchContext['log']): MeasuredScenario {
  const name = `operator API: slowest list, one caller (${CUSTOMERS / 1e6}M customers)`;
  return {
    name,
    baseline: 'nest-pg-select',
    async measure(tally: StatementTally): Promise<Measurement> {
      const base = `${origin}/${OPERATOR_BASE_PATH}`;
      const urls = [
        ...(await operatorListPaths(origin, headers)).map((path) => `${origin}${path}`),
        ...CUSTOMER_SEARCHES.map((term) => `${base}/customers?q=${encodeURIComponent(term)}`),
      ];
      await whenQuiet(tally);
      const before = tally.count;
      const timings: ListTiming[] = [];
      for (const url of urls) {
        const { latencies, status } = await timeList(url, headers);
        timings.push({
          path: url.slice(origin.length),
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          spent: latencies.reduce((sum, latency) => sum + latency, 0),
          status,
        });
      }
      await whenQuiet(tally);
      timings.sort((a, b) => b.p99 - a.p99);
      for (const timing of timings) {
        log(`  ${timing.status} ${timing.path}: p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms`);
      }
      const slowest = timings[0];
      const refused = timings.filter((timing) => timing.status !== 200);
      return {
        name,
        requestsPerSecond: (timings.length * CALLS_PER_LIST * 1000) / timings.reduce((sum, timing) => sum + timing.spent, 0),
        p50: slowest.p50,
        p99: slowest.p99,
        non2xx: refused.length,
        statementsPerRequest: (tally.count - before) / (timings.length * CALLS_PER_LIST),
        statuses: `lists:${timings.length} slowest:${slowest.path}`,
      };
    },
  };
}

/** The operator API's lists at a million customers (target: every list under 300 ms), and the customer search under load. */
export const operatorListsSuite: BenchSuite = {
  name: 'operator-lists',
  async prepare({ app, api, databaseUrl, log }) {
    await ensurePictureData(databaseUrl, log);
    const origin = new URL(api).origin;
    const headers = await ownerHeaders(app, origin);
    const search = (term: string) => `${origin}/${OPERATOR_BASE_PATH}/customers?q=${encodeURIComponent(term)}`;
    return [
      everyListScenario(origin, headers, log),
      {
        name: `GET /admin/api/v1/customers?q=<e-mail> (${CUSTOMERS / 1e6}M customers)`,
        url: search(CUSTOMER_SEARCHES[0]),
        headers,
        baseline: 'nest-pg-select',
      },
      {
        name: `GET /admin/api/v1/customers?q=<name prefix> (${CUSTOMERS / 1e6}M customers)`,
        url: search('First432'),
        headers,
        baseline: 'nest-pg-select',
      },
    ];
  },
};
