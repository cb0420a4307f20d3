import { INestApplicationContext } from '@nestjs/common';
import { CurrencyRef, CurrencyService, StatusEntity, StatusQualification, StatusService } from '../modules/reference-data';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

const STATUS_COLUMNS = [
  'TEXT ID',
  'STATUS ID',
  'NAME',
  'QUALIFICATION',
  'PERIOD',
  'TURNOVER',
  'POINTS',
  'COLLECTS POINTS',
  'PAYS WITH POINTS',
];

const QUALIFICATION_NAMES: Record<number, string> = {
  [StatusQualification.OnAccountCreation]: 'on account creation',
  [StatusQualification.Manual]: 'manual',
  [StatusQualification.Conditions]: 'conditions',
};

/** `tessera status list|qualify|set`: the status tiers, their turnover thresholds and point rights. */
export const statusCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    io.stdout(await withAdminSession(io, async ({ context }) => statusTable(context, await context.get(StatusService).all(), io, options)));
    return 0;
  },
  qualify: async ([status], values: { turnover: string; currency: string; period?: string }, io) => {
    const turnover = parseTurnover(values.turnover);
    const currency = values.currency;
    const period = values.period === undefined ? undefined : parseMonths(values.period);
    const table = await withAdminSession(io, async ({ context }) => {
      const statuses = context.get(StatusService);
      const currencies = context.get(CurrencyService);
      const { id: statusId } = await statuses.find(status);
      const { id: currencyId } = (await currencies.findByCode(currency)) ?? (await currencies.requireCurrency(currency, 'currency'));
      await statuses.qualifyByTurnover(statusId, currencyId, turnover, period);
      return statusTable(context, [await statuses.get(statusId)], io);
    });
    io.stdout(table);
    return 0;
  },
  set: async ([status], values: { collectionPoints?: string; paymentPoints?: string }, io) => {
    const rights = {
      collectionPoints: parseBoolean(values.collectionPoints),
      paymentPoints: parseBoolean(values.paymentPoints),
    };
    if (rights.collectionPoints === undefined && rights.paymentPoints === undefined)
      throw new UsageError('Give --collection-points and/or --payment-points');
    const table = await withAdminSession(io, async ({ context }) => {
      const statuses = context.get(StatusService);
      const { id: statusId } = await statuses.find(status);
      await statuses.setPointRights(statusId, rights);
      return statusTable(context, [await statuses.get(statusId)], io);
    });
    io.stdout(table);
    return 0;
  },
});

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

/** The statuses as a table, turnover thresholds with their currency codes. */
async function statusTable(
  context: INestApplicationContext,
  statuses: StatusEntity[],
  io: CliIo,
  options: JsonOption = {},
): Promise<string> {
  const currencies = new Map<string, CurrencyRef>();
  for (const id of new Set(statuses.flatMap((status) => status.turnovers.map((turnover) => turnover.currencyId)))) {
    currencies.set(id, await context.get(CurrencyService).requireCurrency(id, 'currency_id'));
  }
  return formatRows(
    STATUS_COLUMNS,
    statuses.map((status) => statusRow(status, currencies)),
    options.json,
    io.terminalColumns,
  );
}

function statusRow(status: StatusEntity, currencies: Map<string, CurrencyRef>): string[] {
  const turnovers = status.turnovers
    .map((turnover) => `${turnover.value} ${currencies.get(turnover.currencyId)?.code ?? turnover.currencyId}`)
    .join(', ');
  return [
    status.textId,
    status.id,
    status.name,
    QUALIFICATION_NAMES[status.qualificationType] ?? String(status.qualificationType),
    status.qualificationPeriod === null ? '' : `${status.qualificationPeriod}m`,
    turnovers,
    status.qualificationPoints ?? '',
    String(status.collectionPoints),
    String(status.paymentPoints),
  ];
}
