import { ApiInterface } from '@tessera/http';
import { ApplicationPermissionService, OPERATION_GROUP_NAMES } from '../../../src/modules/auth';
import { RewardService } from '../../../src/modules/loyalty';
import { RouteSurface } from '../route-table';
import { TestApp } from '../test-app';
import { KnownIds } from './invalid-requests';

/** An authorised caller of one interface: its bearer token and the ids of records it may touch. */
export interface FuzzCaller {
  token: string;
  ids: KnownIds;
}

/**
 * The two callers a fuzz run sends its requests as, each allowed every operation of its interface
 * (application permissions would otherwise refuse some operations before their input is read):
 * an Enterprise API user, and a Customer-interface device token with a customer logged in. The
 * customer gets points, credits, a voucher, an interest, a property record and a purchase, and
 * there is a segment, so that paths name records that exist and requests reach the code behind them.
 */
export async function prepareFuzzCallers(t: TestApp): Promise<Record<RouteSurface, FuzzCaller>> {
  const permissions = t.service(ApplicationPermissionService);
  const enterpriseApplication = await t.createApplication(ApiInterface.Enterprise);
  await permissions.grant(enterpriseApplication, OPERATION_GROUP_NAMES);
  const user = await t.createApiUser();
  const login = await t.enterprise('POST', '/users/actions/login', {
    body: { user_external_application_id: enterpriseApplication, login: user.login, password: user.password },
  });
  if (login.status !== 200) throw new Error(`API user login failed: ${login.text}`);
  const enterpriseToken = login.body.data.bearer_token as string;

  const customer = await t.createCustomer();
  const customerApplication = await t.createApplication(ApiInterface.Customer);
  await permissions.grant(customerApplication, OPERATION_GROUP_NAMES);
  const deviceToken = await t.deviceToken(customer, customerApplication);

  const one = async (sql: string): Promise<Record<string, string>> => (await t.dataSource.query(sql))[0];
  const partnerId = (await one(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`)).partner_id;
  const setUp = async (path: string, body: Record<string, unknown>): Promise<Record<string, string>> => {
    const response = await t.enterprise('POST', path, { token: enterpriseToken, body });
    if (response.status >= 300) throw new Error(`${path} failed: ${response.text}`);
    return response.body?.data ?? {};
  };
  await setUp('/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 521 });
  await setUp('/credits/actions/deposit-credits', { customer_id: customer.customerId, partner_id: partnerId, amount: 10 });
  const rewardId = await t.service(RewardService).define({
    code: 'FUZZMUG',
    names: { en: 'Fuzz mug' },
    rewardGroup: 1,
    rewardTypeId: (await one(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`)).reward_type_id,
    pointsCost: 0,
    voucherValidity: 'interval',
    voucherValidityValue: '30 days',
  });
  await setUp(`/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId });
  await setUp('/segments', { name: 'Fuzz segment' });
  await t.dataSource.query(`INSERT INTO interests (interest_id, name) VALUES ('i_fuzz', 'Fuzzing')`);
  await t.dataSource.query(`INSERT INTO customer_properties (property_id, name, data_type) VALUES ('fuzz_note', 'Fuzz note', 'string')`);
  await setUp(`/customers/${customer.customerId}/interest-records`, {
    interest_record: { interest_id: 'i_fuzz', customer_id: customer.customerId },
  });
  await setUp(`/customers/${customer.customerId}/property-records`, {
    property_record: { property_id: 'fuzz_note', property_value: 'noted' },
  });
  const typeId = async (table: string, column: string, textId: string) =>
    (await one(`SELECT ${column} FROM ${table} WHERE text_id = '${textId}'`))[column];
  await setUp('/purchases/actions/send-purchase', {
    store_id: (await one(`SELECT store_id FROM stores ORDER BY created_at LIMIT 1`)).store_id,
    cashdesk_number: 1,
    customer_id: customer.customerId,
    bill: {
      bill_id: 'fuzz-bill-1',
      payment_time: '2025-06-15 12:00:00',
      currency_id: (await one(`SELECT currency_id FROM currencies ORDER BY code LIMIT 1`)).currency_id,
      total_price: 10,
      purchase_type_id: await typeId('purchase_types', 'purchase_type_id', 'store_purchase'),
      canceled: false,
      payment_type: 'S',
      bill_items: [
        {
          plu_ids: [{ list_code: 'EAN', code: 'fuzz-1' }],
          plu_name: 'Item',
          vat_rate: 21,
          quantity: 1,
          paid_amount: 10,
          price: 10,
          bill_item_id: '1',
          loyalty_off: false,
          purchase_item_type_id: await typeId('purchase_item_types', 'purchase_item_type_id', 'store_transaction'),
        },
      ],
    },
  });

  const ids = await ownedRecordIds(t, customer.customerId);
  return {
    [ApiInterface.Enterprise]: { token: enterpriseToken, ids },
    [ApiInterface.Customer]: { token: deviceToken, ids: new Map([...ids, ['token_id', deviceToken]]) },
    // The owner may call every operator route; its paths name records by id or human key, which the
    // fuzz run draws at random, so they name nothing and the run stays within refusals.
    operator: { token: (await t.operatorToken(['owner'])).token, ids: new Map() },
  };
}

/**
 * One id per record kind, named as paths and bodies name them: for every table with a one-column
 * primary key `<name>_id`, or named after the plural of `<name>`, a row (the customer's own where
 * the table has a customer_id).
 */
async function ownedRecordIds(t: TestApp, customerId: string): Promise<Map<string, string>> {
  const keys: { table_name: string; column_name: string; owned: boolean }[] = await t.dataSource.query(
    `SELECT k.table_name, k.column_name,
            EXISTS (SELECT 1 FROM information_schema.columns c
                     WHERE c.table_schema = 'public' AND c.table_name = k.table_name AND c.column_name = 'customer_id') AS owned
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
      WHERE tc.table_schema = 'public' AND tc.constraint_type = 'PRIMARY KEY'
        AND (SELECT count(*) FROM information_schema.key_column_usage k2
              WHERE k2.constraint_name = tc.constraint_name AND k2.table_schema = tc.table_schema) = 1
      ORDER BY k.table_name`,
  );
  const byColumn = new Map<string, string>([['customer_id', customerId]]);
  const byTableName = new Map<string, string>();
  for (const { table_name: table, column_name: column, owned } of keys) {
    const [row] = await t.dataSource.query(
      `SELECT "${column}"::text AS id FROM "${table}" ${owned ? 'ORDER BY (customer_id = $1) DESC,' : 'ORDER BY'} "${column}" LIMIT 1`,
      owned ? [customerId] : [],
    );
    if (!row) continue;
    if (!byColumn.has(column)) byColumn.set(column, row.id);
    const singular = table.endsWith('ies') ? `${table.slice(0, -3)}y` : table.replace(/s$/, '');
    byTableName.set(`${singular}_id`, row.id);
  }
  return new Map([...byTableName, ...byColumn]);
}
