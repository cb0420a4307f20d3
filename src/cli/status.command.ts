import { CurrencyService, StatusQualification } from '../modules/reference-data';
import { cliAuditActor, DefinitionLifecycle } from '../modules/audit';
import { StatusDefinitionDto, StatusDefinitionRepository, type StatusDefinitionView } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { cliCommand } from './cli-command';
import { lifecycleCommand } from './lifecycle-command';
import { formatRows } from './text-table';

const STATUS_COLUMNS = [
  'TEXT ID',
  'STATUS ID',
  'NAME',
  'QUALIFICATION',
  'PERIOD',
  'TURNOVER',
  'POINTS',
  'PURCHASES',
  'GRACE',
  'COLLECTS POINTS',
  'PAYS WITH POINTS',
  'STATE',
];

const QUALIFICATION_NAMES: Record<number, string> = {
  [StatusQualification.OnAccountCreation]: 'on account creation',
  [StatusQualification.Manual]: 'manual',
  [StatusQualification.Conditions]: 'conditions',
};

function statusRow(status: StatusDefinitionView): string[] {
  return [
    status.text_id,
    status.status_id,
    status.name,
    QUALIFICATION_NAMES[status.qualification_type] ?? String(status.qualification_type),
    status.qualification_period == null ? '' : `${status.qualification_period}m`,
    (status.qualification_turnovers ?? [])
      .map((turnover) => `${turnover.value.toFixed(2)} ${turnover.currency_code ?? turnover.currency_id}`)
      .join(', '),
    status.qualification_points == null ? '' : status.qualification_points.toFixed(2),
    status.qualification_purchases == null ? '' : String(status.qualification_purchases),
    `${status.downgrade_grace_days ?? 0}d`,
    String(status.collection_points ?? true),
    String(status.payment_points ?? true),
    String(status.state),
  ];
}

const lifecycle = lifecycleCommand<StatusDefinitionDto, StatusDefinitionView>({
  name: 'status',
  store: StatusDefinitionRepository,
  file: {
    type: StatusDefinitionDto,
    what: 'status',
    example: {
      text_id: 'platinum',
      name: 'Platinum',
      description: 'Members with 20000 points, 5000 EUR or 50 purchases in a year',
      tier: 3,
      qualification_type: 2,
      qualification_period: 12,
      qualification_points: 20000,
      qualification_turnovers: [{ currency_id: 'EUR', value: 5000 }],
      qualification_purchases: 50,
      validity_period: '12 months',
      downgrade_grace_days: 30,
      discount: 15,
    },
  },
  columns: STATUS_COLUMNS,
  row: statusRow,
  viewOnly: ['status_id', 'state', 'last_change'],
});

/**
 * A status changed through the lifecycle, so the shortcuts are audited like `change`: the status as
 * it is, with `edit` applied, replaces it.
 */
async function changeStatus(
  io: CliIo,
  key: string,
  verb: string,
  edit: (input: StatusDefinitionDto, currencies: CurrencyService) => Promise<StatusDefinitionDto>,
): Promise<string> {
  return withAdminSession(io, async ({ context }) => {
    const lifecycleService = context.get(DefinitionLifecycle);
    const store = context.get(StatusDefinitionRepository, { strict: false });
    const { status_id: statusId, state: _state, last_change: _lastChange, ...current } = await lifecycleService.show(store, key);
    const input = await edit(current, context.get(CurrencyService, { strict: false }));
    const changed = await lifecycleService.change(cliAuditActor(`status ${verb}`), store, statusId, input);
    return formatRows(STATUS_COLUMNS, [statusRow(changed)], false, io.terminalColumns);
  });
}

/**
 * `tessera status ...`: the status tiers with the whole lifecycle, and two shortcuts: `qualify` (a
 * turnover threshold in a currency) and `set` (point rights).
 */
export const statusCommand = cliCommand(
  {
    ...lifecycle.handlers,
    qualify: async ([status], values: { turnover: string; currency: string; period?: string }, io) => {
      const turnover = parseTurnover(values.turnover);
      const period = values.period === undefined ? undefined : parseMonths(values.period);
      const table = await changeStatus(io, status, 'qualify', async (input, currencies) => {
        const { id: currencyId } =
          (await currencies.findByCode(values.currency)) ?? (await currencies.requireCurrency(values.currency, 'currency'));
        const turnovers = (input.qualification_turnovers ?? []).filter((threshold) => threshold.currency_id !== currencyId);
        if (turnover > 0) turnovers.push({ currency_id: currencyId, value: turnover });
        // A status left without any threshold would go to everyone: it becomes manual.
        const conditions = turnovers.length > 0 || input.qualification_points != null || input.qualification_purchases != null;
        return {
          ...input,
          qualification_turnovers: turnovers.map(({ currency_id, value }) => ({ currency_id, value })),
          qualification_type: conditions ? StatusQualification.Conditions : StatusQualification.Manual,
          qualification_period: period ?? input.qualification_period,
        };
      });
      io.stdout(table);
      return 0;
    },
    set: async ([status], values: { collectionPoints?: string; paymentPoints?: string }, io) => {
      const collectionPoints = parseBoolean(values.collectionPoints);
      const paymentPoints = parseBoolean(values.paymentPoints);
      if (collectionPoints === undefined && paymentPoints === undefined)
        throw new UsageError('Give --collection-points and/or --payment-points');
      const table = await changeStatus(io, status, 'set', async (input) => ({
        ...input,
        collection_points: collectionPoints ?? input.collection_points,
        payment_points: paymentPoints ?? input.payment_points,
      }));
      io.stdout(table);
      return 0;
    },
  },
  lifecycle.definition,
);

function parseTurnover(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    throw new UsageError(`--turnover must be an amount of zero or more with at most two decimals, not "${text}"`, false);
  return Number(text);
}

function parseMonths(text: string): number {
  if (!/^[1-9]\d{0,3}$/.test(text)) throw new UsageError(`--period must be a whole number of months above zero, not "${text}"`, false);
  return Number(text);
}

/** commander has refused anything but true and false. */
function parseBoolean(text: string | undefined): boolean | undefined {
  return text === undefined ? undefined : text === 'true';
}
