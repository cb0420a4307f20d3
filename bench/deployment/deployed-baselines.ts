import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_SECONDS, CONNECTIONS, WARM_UP_SECONDS } from '../bench-settings';
import { Baseline } from '../bench-suite';
import { appPoolSize } from '../baselines/customer-select-baseline';
import { recordStatements } from '../statement-counter';
import { closureScript } from './closure-pgbench';
import { runLoad, runPgbench, startBaselineServer } from './deployed-processes';
import {
  BILL_CUSTOMERS,
  CUSTOMER_SEED,
  deployedCustomerId,
  deployedPurchaseBody,
  deploymentSetting,
  PURCHASE_CONNECTIONS,
  READ_CUSTOMERS,
} from './deployment-setting';

const shape = { connections: CONNECTIONS, warmUpSeconds: WARM_UP_SECONDS, seconds: BENCH_SECONDS };

const COUNTRIES = 'baseline https-countries-json: bare Fastify on HTTPS, own process, GET /countries?count=100 body';

/** Bare Fastify on HTTPS in its own process, answering the app's `GET /countries?count=100` body. */
export const httpsCountriesBaseline: Baseline = {
  name: COUNTRIES,
  async measure({ api, auth, config, databaseUrl }) {
    const { dataDir, certFile, keyFile } = await deploymentSetting(config, databaseUrl);
    const response = await fetch(`${api}/countries?count=100`, { headers: auth });
    if (response.status !== 200) throw new Error(`GET /countries?count=100 answered ${response.status} ${await response.text()}`);
    const bodyFile = join(dataDir, 'countries.json');
    writeFileSync(bodyFile, await response.text());
    const server = await startBaselineServer(['countries', certFile, keyFile, bodyFile]);
    try {
      return await runLoad(COUNTRIES, { url: `${server.origin}/`, method: 'GET', headers: {}, ...shape });
    } finally {
      await server.stop();
    }
  },
};

const CUSTOMER_SELECT = `baseline https-nest-pg-select: bare NestJS on HTTPS, own process, pg customer SELECT (${READ_CUSTOMERS} customers)`;

/** A bare NestJS app on HTTPS in its own process, reading the bench's customers by primary key through `pg`. */
export const httpsCustomerSelectBaseline: Baseline = {
  name: CUSTOMER_SELECT,
  async measure({ config, databaseUrl }) {
    const { certFile, keyFile } = await deploymentSetting(config, databaseUrl);
    const server = await startBaselineServer(['customer-select', certFile, keyFile, databaseUrl, String(appPoolSize(databaseUrl))]);
    try {
      const paths = Array.from({ length: READ_CUSTOMERS }, (_, i) => `/customers/${deployedCustomerId(i + 1)}`);
      return await runLoad(CUSTOMER_SELECT, { url: `${server.origin}${paths[0]}`, method: 'GET', headers: {}, paths, ...shape });
    } finally {
      await server.stop();
    }
  },
};

const PGBENCH = `baseline pgbench-closure: pgbench -M prepared, the closure's statements, ${PURCHASE_CONNECTIONS} clients (tx/s)`;

/**
 * The ceiling of send-purchase: pgbench running, as prepared statements, the statements the closure sends,
 * recorded from two send-purchases on the in-process app (after one that learns the products).
 */
export const pgbenchClosureBaseline: Baseline = {
  name: PGBENCH,
  async measure({ api, auth, config, databaseUrl }) {
    const { dataDir, bill } = await deploymentSetting(config, databaseUrl);
    const run = randomBytes(4).toString('hex');
    const send = async (customer: number, billId: string) => {
      const response = await fetch(`${api}/purchases/actions/send-purchase`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(deployedPurchaseBody(bill, deployedCustomerId(customer), billId)),
      });
      if (response.status !== 201) throw new Error(`send-purchase answered ${response.status} ${await response.text()}`);
    };
    await send(1, `bench-recorded-${run}-0`);
    const billIds: [string, string] = [`bench-recorded-${run}-1`, `bench-recorded-${run}-2`];
    const first = await recordStatements(() => send(2, billIds[0]));
    const second = await recordStatements(() => send(3, billIds[1]));
    const script = closureScript(first, second, {
      customerIds: [deployedCustomerId(2), deployedCustomerId(3)],
      customerSeed: CUSTOMER_SEED,
      customers: BILL_CUSTOMERS,
      billIds,
    });
    const scriptFile = join(dataDir, 'closure.pgbench');
    writeFileSync(scriptFile, script);
    return runPgbench(PGBENCH, {
      databaseUrl,
      scriptFile,
      clients: PURCHASE_CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds: BENCH_SECONDS,
      workDir: dataDir,
      statements: first.length,
    });
  },
};
