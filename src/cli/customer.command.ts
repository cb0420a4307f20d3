import { DataSource } from 'typeorm';
import { CustomerAccountService } from '../modules/customers';
import { CardLookupService } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';

/**
 * `tessera customer create`: a customer who can log in on the customer interface, optionally with a
 * loyalty card, for trying customer login before customers can be created through the API.
 * `tessera customer delete`: deletes a customer, which the API cannot.
 */
export async function customerCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'delete') return deleteCustomer(rest, io);
  if (action !== 'create') throw new UsageError(`Unknown customer command "${action ?? ''}"`);
  const { values } = parseCommandArgs(rest, {
    email: { type: 'string' },
    password: { type: 'string' },
    phone: { type: 'string' },
    'card-number': { type: 'string' },
    json: { type: 'boolean' },
  });
  const email = requireOption(values, 'email');
  const password = requireOption(values, 'password');
  const cardNumber = values['card-number'];
  const created = await withAdminSession(io, async ({ context }) => {
    // Customer and card in one transaction: a taken card number leaves no customer behind.
    return context.get(DataSource).transaction(async (manager) => {
      const customerId = await context.get(CustomerAccountService).create({ email, password, phone: values.phone }, manager);
      const cardId = cardNumber ? await context.get(CardLookupService).issueCard(customerId, cardNumber, manager) : undefined;
      return { customerId, cardId };
    });
  });
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

async function deleteCustomer(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, ['CUSTOMER_ID']);
  const [customerId] = positionals;
  await withAdminSession(io, ({ context }) => context.get(CustomerAccountService).delete(customerId));
  io.stdout(`Customer ${customerId} deleted; their logins have ended\n`);
  return 0;
}
