import { AuditTrail, cliAuditActor } from '../modules/audit';
import { CustomerCareService, PrivacyService } from '../modules/customer-care';
import { CustomerAccountService } from '../modules/customers';
import { CardLookupService } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo, recordJson, UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

/**
 * `tessera customer ...`: creating a customer who can log in (to try customer login), finding one,
 * their whole picture, corrections with a reason, privacy requests and deleting: the operator API's
 * customer care, each write audited as the OS user who ran it.
 */
export const customerCommand = cliCommand({
  create: createCustomer,
  delete: deleteCustomer,
  search: searchCustomers,
  show: showCustomer,
  'status-history': statusHistory,
  'adjust-points': adjustPoints,
  'adjust-credits': adjustCredits,
  export: exportCustomer,
  erase: eraseCustomer,
});

interface CreateCustomerOptions extends JsonOption {
  email: string;
  password: string;
  phone?: string;
  cardNumber?: string;
}

async function createCustomer(_args: string[], options: CreateCustomerOptions, io: CliIo): Promise<number> {
  const { email, password, cardNumber } = options;
  const values = options;
  const created = await withAdminSession(io, async ({ context }) =>
    // Customer, card and audit row in one transaction: a taken card number leaves no customer behind.
    context.get(AuditTrail).audited(cliAuditActor('customer create'), async (manager) => {
      const customerId = await context.get(CustomerAccountService).create({ email, password, phone: values.phone }, manager);
      const cardId = cardNumber ? await context.get(CardLookupService).issueCard(customerId, cardNumber, manager) : undefined;
      return { value: { customerId, cardId }, targetType: 'customer', targetId: customerId, after: { card_id: cardId ?? null } };
    }),
  );
  if (values.json) {
    const card = created.cardId ? { card_id: created.cardId, card_number: cardNumber } : {};
    io.stdout(`${JSON.stringify({ customer_id: created.customerId, email, ...card })}\n`);
  } else {
    const lines = [`customer_id: ${created.customerId}`, `email:       ${email}`];
    if (values.phone) lines.push(`phone:       ${values.phone}`);
    if (created.cardId) lines.push(`card_id:     ${created.cardId}`, `card_number: ${cardNumber}`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return 0;
}

async function deleteCustomer([customerId]: string[], _options: unknown, io: CliIo): Promise<number> {
  await withAdminSession(io, ({ context }) =>
    context.get(AuditTrail).audited(cliAuditActor('customer delete'), async (manager) => {
      await context.get(CustomerAccountService).delete(customerId, manager);
      return { value: undefined, targetType: 'customer', targetId: customerId, after: { state: 0 } };
    }),
  );
  io.stdout(`Customer ${customerId} deleted; their logins have ended\n`);
  return 0;
}

interface SearchOptions extends JsonOption {
  limit?: string;
}

async function searchCustomers([text]: string[], options: SearchOptions, io: CliIo): Promise<number> {
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  const rows = await withAdminSession(io, ({ context }) => context.get(CustomerCareService).search({ text, limit }));
  if (options.json) {
    io.stdout(`${JSON.stringify(rows)}\n`);
  } else {
    const columns = ['CUSTOMER ID', 'NAME', 'EMAIL', 'PHONE', 'STATE', 'CARDS MATCHED'];
    const table = rows.map((row) => [
      row.customer_id,
      [row.first_name, row.last_name].filter(Boolean).join(' '),
      row.email ?? '',
      row.phone ?? '',
      String(row.state),
      row.matched_card_numbers.join(', '),
    ]);
    io.stdout(formatRows(columns, table, false, io.terminalColumns));
  }
  return 0;
}

async function showCustomer([customerId]: string[], options: JsonOption, io: CliIo): Promise<number> {
  const picture = await withAdminSession(io, ({ context }) => context.get(CustomerCareService).picture(customerId));
  io.stdout(recordJson(picture, options));
  return 0;
}

/** The latest changes of the customer's status, newest first. */
async function statusHistory([customerId]: string[], options: SearchOptions, io: CliIo): Promise<number> {
  const limit = options.limit === undefined ? DEFAULT_HISTORY_ROWS : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_ROWS)
    throw new UsageError(`--limit is a whole number from 1 to ${MAX_HISTORY_ROWS}`);
  const page = await withAdminSession(io, ({ context }) =>
    context.get(CustomerCareService).statusHistory(customerId, { limit, offset: 0, sortDirection: 'DESC' }),
  );
  if (options.json) {
    io.stdout(`${JSON.stringify({ status_changes: page.items, total_items: page.total })}\n`);
    return 0;
  }
  const columns = ['CHANGED AT', 'FROM', 'TO', 'REASON', 'STATUS RECORD ID'];
  const rows = page.items.map((change) => [
    change.changed_at,
    change.from_status_name ?? change.from_status_id ?? '(none)',
    change.to_status_name ?? change.to_status_id ?? '(none)',
    change.reason,
    change.status_record_id ?? '',
  ]);
  io.stdout(formatRows(columns, rows, false, io.terminalColumns));
  if (page.total > page.items.length) io.stdout(`${page.items.length} of ${page.total} changes; --limit shows more\n`);
  return 0;
}

const DEFAULT_HISTORY_ROWS = 20;
const MAX_HISTORY_ROWS = 100;

interface AdjustOptions extends JsonOption {
  reason: string;
}

function amountOf(text: string, what: string): number {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount)) throw new UsageError(`${what} is a number, e.g. 250 or -40`);
  return amount;
}

async function adjustPoints([customerId, points]: string[], options: AdjustOptions, io: CliIo): Promise<number> {
  const done = await withAdminSession(io, ({ context }) =>
    context
      .get(CustomerCareService)
      .adjustPoints(cliAuditActor('customer adjust-points'), { customerId, points: amountOf(points, 'POINTS'), reason: options.reason }),
  );
  io.stdout(
    options.json
      ? `${JSON.stringify(done)}\n`
      : `${done.points > 0 ? 'Added' : 'Took'} ${Math.abs(done.points)} points (movement ${done.point_id})\n`,
  );
  return 0;
}

async function adjustCredits([customerId, credits]: string[], options: AdjustOptions, io: CliIo): Promise<number> {
  const done = await withAdminSession(io, ({ context }) =>
    context.get(CustomerCareService).adjustCredits(cliAuditActor('customer adjust-credits'), {
      customerId,
      credits: amountOf(credits, 'CREDITS'),
      reason: options.reason,
    }),
  );
  io.stdout(
    options.json
      ? `${JSON.stringify(done)}\n`
      : `${done.credits > 0 ? 'Deposited' : 'Took'} ${Math.abs(done.credits)} credits (movement ${done.credit_id})\n`,
  );
  return 0;
}

async function exportCustomer([customerId]: string[], _options: unknown, io: CliIo): Promise<number> {
  const document = await withAdminSession(io, ({ context }) =>
    context.get(PrivacyService).export(cliAuditActor('customer export'), customerId),
  );
  io.stdout(`${JSON.stringify(document, null, 2)}\n`);
  return 0;
}

async function eraseCustomer([customerId]: string[], options: { yes?: boolean }, io: CliIo): Promise<number> {
  if (!options.yes) throw new UsageError('Erasure cannot be undone: add --yes to erase the customer');
  const erased = await withAdminSession(io, ({ context }) =>
    context.get(PrivacyService).erase(cliAuditActor('customer erase'), customerId),
  );
  io.stdout(`Customer ${erased.customer_id} erased at ${erased.erased_at}: personal data removed, ledgers kept without identity\n`);
  return 0;
}
