import autocannon from 'autocannon';
import { BENCH_SECONDS, CONNECTIONS, WARM_UP_SECONDS } from './bench-settings';
import { HttpScenario, Measurement } from './bench-suite';
import { StatementTally, whenQuiet } from './statement-counter';

/** Told when the measured run (not the warm-up) starts and stops loading, for what a scenario counts beside requests. */
export interface MeasuredRunHooks {
  started?(): void;
  finished?(): void;
}

/**
 * Loads `scenario` for a warm-up, then for the measured run, and counts the statements `tally` saw in the
 * measured run per request sent (requests cut off when the run stopped still ran on the server).
 */
export async function measureHttp(scenario: HttpScenario, tally: StatementTally, hooks: MeasuredRunHooks = {}): Promise<Measurement> {
  await fire(scenario, WARM_UP_SECONDS);
  await whenQuiet(tally);
  const before = tally.count;
  hooks.started?.();
  const result = await fire(scenario, BENCH_SECONDS);
  hooks.finished?.();
  await whenQuiet(tally);
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code}:${stat.count ?? 0}`);
  if (result.errors > 0) statuses.push(`errors:${result.errors}`);
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statementsPerRequest: result.requests.sent > 0 ? (tally.count - before) / result.requests.sent : 0,
    statuses: statuses.join(' '),
  };
}

/** One autocannon run in a worker thread, so the load generator does not share the server's event loop. */
function fire(scenario: HttpScenario, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: scenario.url,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
}
