import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { AppConfig } from '../../src/config/app-config';
import { loadTlsMaterial } from '../../src/http/tls';
import { billSetting, fiveItems } from '../suites/purchases.bench';

/** Customers the reads spread over, and the first of them the bills of send-purchase. */
export const READ_CUSTOMERS = 2_000;
export const BILL_CUSTOMERS = 200;
/** Connections of the send-purchase row and clients of pgbench, as the issue measures them. */
export const PURCHASE_CONNECTIONS = 16;

/** The bench customers' ids are md5('<seed><i>'), i from 1. */
export const CUSTOMER_SEED = 'bench-deployed-customer-';
export const deployedCustomerId = (index: number) => createHash('md5').update(`${CUSTOMER_SEED}${index}`).digest('hex');

/**
 * What the deployment rows and their baselines share: a data directory whose self-signed certificate the
 * deployed server and the bare baselines serve alike, and the bench's customers.
 */
export interface DeploymentSetting {
  dataDir: string;
  certFile: string;
  keyFile: string;
  bill: Awaited<ReturnType<typeof billSetting>>;
}

let setting: Promise<DeploymentSetting> | undefined;

/** Creates the setting once per run: the certificate, and the bench customers when missing. */
export function deploymentSetting(config: AppConfig, databaseUrl: string): Promise<DeploymentSetting> {
  setting ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-deployed-'));
    await loadTlsMaterial({ ...config, dataDir, tlsCertFile: '', tlsKeyFile: '' });
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO customers (customer_id, email, first_name, last_name, birthdate, language_id, state, created_at, last_change)
         SELECT md5('bench-deployed-customer-' || i), 'bench-deployed-customer-' || i || '@bench.test', 'First' || i, 'Last' || i,
                DATE '1960-01-01' + i, 'en', 1, now(), now()
         FROM generate_series(1, $1::int) AS i ON CONFLICT DO NOTHING`,
        [READ_CUSTOMERS],
      );
      const bill = await billSetting(client);
      return {
        dataDir,
        certFile: join(dataDir, 'tls', 'self-signed-cert.pem'),
        keyFile: join(dataDir, 'tls', 'self-signed-key.pem'),
        bill,
      };
    } finally {
      await client.end();
    }
  })();
  return setting;
}

/** Removes the run's data directory (certificate, server logs, pgbench logs). */
export async function removeDeploymentSetting(): Promise<void> {
  if (!setting) return;
  const { dataDir } = await setting;
  rmSync(dataDir, { recursive: true, force: true });
  setting = undefined;
}

/** The send-purchase body of the deployment rows: five items, paid in full, points earned. */
export function deployedPurchaseBody(bill: DeploymentSetting['bill'], customerId: string, billId: string) {
  return {
    store_id: bill.storeId,
    cashdesk_number: 1,
    customer_id: customerId,
    bill: {
      bill_id: billId,
      payment_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      currency_id: bill.currencyId,
      total_price: 14.8,
      bill_items: fiveItems(bill.itemTypeId, 'bench-deployed'),
      purchase_type_id: bill.purchaseTypeId,
      canceled: false,
      payment_type: 'S',
    },
  };
}
