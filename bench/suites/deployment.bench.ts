import { randomBytes } from 'node:crypto';
import { BenchContext, BenchSuite, Measurement, Scenario } from '../bench-suite';
import { BENCH_SECONDS, CONNECTIONS, WARM_UP_SECONDS } from '../bench-settings';
import { LoadPlan } from '../deployment/load-generator';
import { RunningProcess, runLoad, startDeployedServer } from '../deployment/deployed-processes';
import {
  BILL_CUSTOMERS,
  deployedCustomerId,
  deployedPurchaseBody,
  deploymentSetting,
  PURCHASE_CONNECTIONS,
  READ_CUSTOMERS,
  removeDeploymentSetting,
} from '../deployment/deployment-setting';

/** A client budget far above what one bench token sends in a minute, so the limiter counts but never refuses. */
const BUDGET_ABOVE_THE_LOAD = '100000000/1m';

const servers: RunningProcess[] = [];

/** The API's path prefix on the deployed server, the same as the in-process app's. */
function apiPath(context: BenchContext): string {
  return new URL(context.api).pathname;
}

export function customerPaths(prefix: string): string[] {
  return Array.from({ length: READ_CUSTOMERS }, (_, i) => `${prefix}/customers/${deployedCustomerId(i + 1)}`);
}

/** Rounds of the limiter pair: each read alternates between the two servers, so both meet the same machine load. */
const LIMITER_ROUNDS = Number(process.env.BENCH_LIMITER_ROUNDS ?? '3');

/** A deployed server with `settings`, started when first needed and stopped at the suite's end. */
function lazyServer(context: BenchContext, settings: Record<string, string>): () => Promise<RunningProcess> {
  let server: Promise<RunningProcess> | undefined;
  return () => {
    server ??= deploymentSetting(context.config, context.databaseUrl).then(async ({ dataDir }) => {
      const running = await startDeployedServer(context.databaseUrl, dataDir, settings);
      servers.push(running);
      return running;
    });
    return server;
  };
}

/** The run of median rate among `runs`. */
function median(runs: Measurement[]): Measurement {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)];
}

/**
 * The server as deployed (see docs/developing/bench.md): the built server started as `npm start` starts
 * it, in a process of its own (HTTPS, shipped settings with a client budget above the load, logs at info,
 * workers on), loaded by autocannon in another process, and compared with bare servers on HTTPS in
 * processes of their own and with pgbench. The same reads on a second server with rate limits off,
 * alternating with the first's, give what the limiter costs (the table's on/off ratio).
 */
export const deploymentSuite: BenchSuite = {
  name: 'deployment',
  async prepare(context) {
    const { bill } = await deploymentSetting(context.config, context.databaseUrl);
    const prefix = apiPath(context);
    const run = randomBytes(4).toString('hex');
    const headers = context.auth;
    const shape = { connections: CONNECTIONS, warmUpSeconds: WARM_UP_SECONDS, seconds: BENCH_SECONDS };
    const countries = async (origin: string): Promise<LoadPlan> => ({
      url: `${origin}${prefix}/countries?count=100`,
      method: 'GET',
      headers,
      ...shape,
    });
    const customer = async (origin: string): Promise<LoadPlan> => ({
      url: `${origin}${prefix}/customers/${deployedCustomerId(1)}`,
      method: 'GET',
      headers,
      paths: customerPaths(prefix),
      ...shape,
    });
    const sendPurchase = async (origin: string): Promise<LoadPlan> => ({
      url: `${origin}${prefix}/purchases/actions/send-purchase`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(deployedPurchaseBody(bill, deployedCustomerId(1), 'set-per-request')),
      purchases: {
        customerIds: Array.from({ length: BILL_CUSTOMERS }, (_, i) => deployedCustomerId(i + 1)),
        billPrefix: `bench-deployed-${run}`,
      },
      ...shape,
      connections: PURCHASE_CONNECTIONS,
    });
    const countriesName = 'GET /countries?count=100';
    const customerName = `GET /customers/{id} (${READ_CUSTOMERS} customers)`;
    const purchaseName = `POST /purchases/actions/send-purchase (5 items, ${BILL_CUSTOMERS} customers, ${PURCHASE_CONNECTIONS} connections)`;
    const limitsOn = lazyServer(context, { TESSERA_LOG_LEVEL: 'info', TESSERA_RATE_LIMIT: BUDGET_ABOVE_THE_LOAD });
    const limitsOff = lazyServer(context, { TESSERA_LOG_LEVEL: 'info', TESSERA_RATE_LIMIT: 'off', TESSERA_RATE_LIMIT_ANONYMOUS: 'off' });
    const offRuns = new Map<string, Measurement>();
    /**
     * A read as deployed, and the same read on the server with limits off: the two alternate for
     * LIMITER_ROUNDS rounds and each row is the run of median rate, so their ratio is the limiter's cost.
     */
    const limiterPair = (name: string, baseline: Scenario['baseline'], plan: (origin: string) => Promise<LoadPlan>): Scenario[] => [
      {
        name: `${name} [as deployed]`,
        baseline,
        measure: async () => {
          const [on, off] = [await limitsOn(), await limitsOff()];
          const onRuns: Measurement[] = [];
          const offRounds: Measurement[] = [];
          // Which server goes first alternates too: the second run of a pair tends to meet a warmer machine.
          for (let round = 0; round < LIMITER_ROUNDS; round += 1) {
            const runOn = async () => onRuns.push(await runLoad(`${name} [as deployed]`, await plan(on.origin)));
            const runOff = async () => offRounds.push(await runLoad(`${name} [rate limits off]`, await plan(off.origin)));
            for (const run of round % 2 === 0 ? [runOn, runOff] : [runOff, runOn]) await run();
          }
          const onMedian = median(onRuns);
          const offMedian = median(offRounds);
          const cost = `limits-on/off:${(onMedian.requestsPerSecond / offMedian.requestsPerSecond).toFixed(3)}x`;
          offRuns.set(name, { ...offMedian, statuses: `${offMedian.statuses} ${cost}` });
          return onMedian;
        },
      },
      {
        name: `${name} [rate limits off]`,
        baseline,
        measure: async () => {
          const off = offRuns.get(name);
          if (!off) throw new Error(`${name}: the limits-off runs go with the as-deployed row`);
          return off;
        },
      },
    ];
    const rows: Scenario[] = [
      ...limiterPair(countriesName, 'https-countries-json', countries),
      ...limiterPair(customerName, 'https-nest-pg-select', customer),
      {
        name: `${purchaseName} [as deployed]`,
        baseline: 'pgbench-closure',
        measure: async () => runLoad(`${purchaseName} [as deployed]`, await sendPurchase((await limitsOn()).origin)),
      },
    ];
    return rows;
  },
  async dispose() {
    for (const server of servers.splice(0)) await server.stop();
    await removeDeploymentSetting();
  },
};
