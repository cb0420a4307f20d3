import { DataSource } from 'typeorm';
import { CustomerAccountService } from '../modules/customers';
import { CardLookupService } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';

/**
 * `tessera customer create`: a customer who can log in on the customer interface, optionally with a
 * loyalty card, for trying customer login before customers can be created through the API.
 * `tessera customer delete`: deletes a customer, which the API cannot.
 */
export const customerCommand = cliCommand({ create: createCustomer, delete: deleteCustomer });

interface CreateCustomerOptions extends JsonOption {
  email: string;
  password: string;
  phone?: string;
  cardNumber?: string;
}

async function createCustomer(_args: string[], options: CreateCustomerOptions, io: CliIo): Promise<number> {
  const { email, password, cardNumber } = options;
  const values = options;
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

async function deleteCustomer([customerId]: string[], _options: unknown, io: CliIo): Promise<number> {
  await withAdminSession(io, ({ context }) => context.get(CustomerAccountService).delete(customerId));
  io.stdout(`Customer ${customerId} deleted; their logins have ended\n`);
  return 0;
}
