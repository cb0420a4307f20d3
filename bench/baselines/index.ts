import { Baseline, BaselineKind } from '../bench-suite';
import { bareJsonBaseline } from './bare-json-baseline';
import { countriesBaseline } from './countries-baseline';
import { customerSelectBaseline } from './customer-select-baseline';
import { purchaseTransactionBaseline } from './purchase-transaction-baseline';
import { webhookFetchBaseline } from './webhook-fetch-baseline';
import { httpsCountriesBaseline, httpsCustomerSelectBaseline, pgbenchClosureBaseline } from '../deployment/deployed-baselines';

/** Every baseline a scenario can name. */
export const BASELINES: Record<BaselineKind, Baseline> = {
  'bare-json': bareJsonBaseline,
  'countries-json': countriesBaseline,
  'nest-pg-select': customerSelectBaseline,
  'pg-purchase-tx': purchaseTransactionBaseline,
  'fetch-post': webhookFetchBaseline,
  'https-countries-json': httpsCountriesBaseline,
  'https-nest-pg-select': httpsCustomerSelectBaseline,
  'pgbench-closure': pgbenchClosureBaseline,
};
