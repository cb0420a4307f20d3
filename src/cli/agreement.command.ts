import { AgreementDefinitionDto, AgreementDefinitionRepository, type AgreementDefinitionView } from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera agreement ...`: the consents customers give or withdraw. */
export const agreementCommand = lifecycleCommand<AgreementDefinitionDto, AgreementDefinitionView>({
  name: 'agreement',
  store: AgreementDefinitionRepository,
  file: {
    type: AgreementDefinitionDto,
    what: 'agreement',
    example: {
      text_id: 'newsletter',
      name: 'Newsletter',
      text: 'I want the monthly newsletter by e-mail.',
      withdrawal_text: 'You will no longer get the newsletter.',
      communication_channel_id: 'email',
    },
  },
  columns: ['TEXT ID', 'AGREEMENT ID', 'STATE', 'NAME'],
  row: (agreement) => [agreement.text_id, agreement.agreement_id, String(agreement.state), agreement.name],
  viewOnly: ['agreement_id', 'state', 'last_change'],
});
