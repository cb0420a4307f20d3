import { randomBytes } from 'node:crypto';
import { BenchContext, BenchSuite, Measurement, MeasuredScenario, Scenario } from '../bench-suite';
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
import { StatementTally } from '../statement-counter';

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

/** The rows of one deployed server: started when its first row runs, stopped at the suite's end. */
function deployedRows(
  context: BenchContext,
  label: string,
  settings: Record<string, string>,
  rows: { name: string; baseline: Scenario['baseline']; plan: (origin: string) => Promise<LoadPlan> }[],
  measured: Map<string, Measurement>,
): MeasuredScenario[] {
  let server: Promise<RunningProcess> | undefined;
  const started = async () => {
    server ??= deploymentSetting(context.config, context.databaseUrl).then(async ({ dataDir }) => {
      const running = await startDeployedServer(context.databaseUrl, dataDir, settings);
      servers.push(running);
      return running;
    });
    return server;
  };
  return rows.map((row) => ({
    name: `${row.name} [${label}]`,
    baseline: row.baseline,
    measure: async () => {
      const { origin } = await started();
      const result = await runLoad(`${row.name} [${label}]`, await row.plan(origin));
      measured.set(`${row.name} [${label}]`, result);
      return result;
    },
  }));
}

/**
 * The server as deployed (see docs/developing/bench.md): the built server started as `npm start` starts
 * it, in a process of its own (HTTPS, shipped settings with a client budget above the load, logs at info,
 * workers on), loaded by autocannon in another process, and compared with bare servers on HTTPS in
 * processes of their own and with pgbench. The same reads on a second server with rate limits off give
 * what the limiter costs.
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
    const measured = new Map<string, Measurement>();
    const countriesName = 'GET /countries?count=100';
    const customerName = `GET /customers/{id} (${READ_CUSTOMERS} customers)`;
    const limitsOn = deployedRows(
      context,
      'as deployed',
      { TESSERA_LOG_LEVEL: 'info', TESSERA_RATE_LIMIT: BUDGET_ABOVE_THE_LOAD },
      [
        { name: countriesName, baseline: 'https-countries-json', plan: countries },
        { name: customerName, baseline: 'https-nest-pg-select', plan: customer },
        {
          name: `POST /purchases/actions/send-purchase (5 items, ${BILL_CUSTOMERS} customers, ${PURCHASE_CONNECTIONS} connections)`,
          baseline: 'pgbench-closure',
          plan: sendPurchase,
        },
      ],
      measured,
    );
    const limitsOff = deployedRows(
      context,
      'rate limits off',
      { TESSERA_LOG_LEVEL: 'info', TESSERA_RATE_LIMIT: 'off', TESSERA_RATE_LIMIT_ANONYMOUS: 'off' },
      [
        { name: countriesName, baseline: 'https-countries-json', plan: countries },
        { name: customerName, baseline: 'https-nest-pg-select', plan: customer },
      ],
      measured,
    ).map((scenario) => ({
      ...scenario,
      // The limiter's cost: the same row on the server with limits on, divided by this one.
      measure: async (tally: StatementTally) => {
        const off = await scenario.measure(tally);
        const on = measured.get(scenario.name.replace('[rate limits off]', '[as deployed]'));
        return on
          ? { ...off, statuses: `${off.statuses} limits-on/off:${(on.requestsPerSecond / off.requestsPerSecond).toFixed(3)}x` }
          : off;
      },
    }));
    return [...limitsOn, ...limitsOff];
  },
  async dispose() {
    for (const server of servers.splice(0)) await server.stop();
    await removeDeploymentSetting();
  },
};
