import { INestApplicationContext } from '@nestjs/common';
import { CurrencyRef, CurrencyService, StatusEntity, StatusQualification, StatusService } from '../modules/reference-data';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';
import { textTable } from './text-table';

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
export async function statusCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      io.stdout(await withAdminSession(io, async ({ context }) => statusTable(context, await context.get(StatusService).all())));
      return 0;
    }
    case 'qualify': {
      const { values, positionals } = parseCommandArgs(
        rest,
        { turnover: { type: 'string' }, currency: { type: 'string' }, period: { type: 'string' } },
        ['STATUS'],
      );
      const turnover = parseTurnover(requireOption(values, 'turnover'));
      const currency = requireOption(values, 'currency');
      const period = values.period === undefined ? undefined : parseMonths(values.period);
      const table = await withAdminSession(io, async ({ context }) => {
        const statuses = context.get(StatusService);
        const currencies = context.get(CurrencyService);
        const { id: statusId } = await statuses.find(positionals[0]);
        const { id: currencyId } = (await currencies.findByCode(currency)) ?? (await currencies.requireCurrency(currency, 'currency'));
        await statuses.qualifyByTurnover(statusId, currencyId, turnover, period);
        return statusTable(context, [await statuses.get(statusId)]);
      });
      io.stdout(table);
      return 0;
    }
    case 'set': {
      const { values, positionals } = parseCommandArgs(
        rest,
        { 'collection-points': { type: 'string' }, 'payment-points': { type: 'string' } },
        ['STATUS'],
      );
      const rights = {
        collectionPoints: parseBoolean(values['collection-points'], 'collection-points'),
        paymentPoints: parseBoolean(values['payment-points'], 'payment-points'),
      };
      if (rights.collectionPoints === undefined && rights.paymentPoints === undefined)
        throw new UsageError('Give --collection-points and/or --payment-points');
      const table = await withAdminSession(io, async ({ context }) => {
        const statuses = context.get(StatusService);
        const { id: statusId } = await statuses.find(positionals[0]);
        await statuses.setPointRights(statusId, rights);
        return statusTable(context, [await statuses.get(statusId)]);
      });
      io.stdout(table);
      return 0;
    }
    default:
      throw new UsageError(`Unknown status command "${action ?? ''}"`);
  }
}

function parseTurnover(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    throw new UsageError(`--turnover must be an amount of zero or more with at most two decimals, not "${text}"`, false);
  return Number(text);
}

function parseMonths(text: string): number {
  if (!/^[1-9]\d{0,3}$/.test(text)) throw new UsageError(`--period must be a whole number of months above zero, not "${text}"`, false);
  return Number(text);
}

function parseBoolean(text: string | undefined, option: string): boolean | undefined {
  if (text === undefined) return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw new UsageError(`--${option} must be true or false, not "${text}"`, false);
}

/** The statuses as a table, turnover thresholds with their currency codes. */
async function statusTable(context: INestApplicationContext, statuses: StatusEntity[]): Promise<string> {
  const currencies = new Map<string, CurrencyRef>();
  for (const id of new Set(statuses.flatMap((status) => status.turnovers.map((turnover) => turnover.currencyId)))) {
    currencies.set(id, await context.get(CurrencyService).requireCurrency(id, 'currency_id'));
  }
  return textTable(
    STATUS_COLUMNS,
    statuses.map((status) => statusRow(status, currencies)),
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
