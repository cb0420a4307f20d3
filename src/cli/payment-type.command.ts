import { PaymentTypeDefinitionDto, PaymentTypeDefinitionRepository, type PaymentTypeDefinitionView } from '../modules/purchases';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera payment-type ...`: the operator's payment types beside the built-in S, A, C and D. */
export const paymentTypeCommand = lifecycleCommand<PaymentTypeDefinitionDto, PaymentTypeDefinitionView>({
  name: 'payment-type',
  store: PaymentTypeDefinitionRepository,
  file: {
    type: PaymentTypeDefinitionDto,
    what: 'payment type',
    example: { name: 'Google Pay', collects_points: true, overall_discounts: false, pays_by_credits: false },
  },
  columns: ['PAYMENT TYPE ID', 'STATE', 'POINTS', 'DISCOUNTS', 'CREDITS', 'NAME'],
  row: (type) => [
    type.payment_type_id,
    String(type.state),
    yesNo(type.collects_points),
    yesNo(type.overall_discounts),
    yesNo(type.pays_by_credits),
    type.name,
  ],
  viewOnly: ['payment_type_id', 'state', 'last_change'],
});

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}
