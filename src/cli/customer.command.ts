import { DataSource } from 'typeorm';
import { CommonException, InvalidReason } from '../../libs/http/src';
import { CustomerAccountService } from '../modules/customers/customer-account.service';
import { CardEntity } from '../modules/loyalty/entities/card.entity';
import { CardLookupService } from '../modules/loyalty/card-lookup.service';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, requireOption, UsageError } from './cli-args';

/**
 * `tessera customer create`: a customer who can log in on the customer interface, optionally with a
 * loyalty card, for trying customer login before customers can be created through the API.
 */
export async function customerCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
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
    const accounts = context.get(CustomerAccountService);
    // Checked up front so a taken email or card number leaves no half-created customer behind.
    if (await accounts.findForLogin('email', email)) {
      throw CommonException.invalid('email', InvalidReason.AlreadyExists, 'A customer with this email exists', email);
    }
    if (cardNumber && (await context.get(DataSource).getRepository(CardEntity).exists({ where: { cardNumber } }))) {
      throw CommonException.invalid('card_number', InvalidReason.AlreadyExists, 'A card with this number exists', cardNumber);
    }
    const customerId = await accounts.create({ email, password, phone: values.phone });
    const cardId = cardNumber ? await context.get(CardLookupService).issueCard(customerId, cardNumber) : undefined;
    return { customerId, cardId };
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
