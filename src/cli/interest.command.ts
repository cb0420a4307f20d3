import { InterestDefinitionDto, InterestDefinitionRepository, type InterestDefinitionView } from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera interest ...`: what customers may declare an interest in. */
export const interestCommand = lifecycleCommand<InterestDefinitionDto, InterestDefinitionView>({
  name: 'interest',
  store: InterestDefinitionRepository,
  file: { type: InterestDefinitionDto, what: 'interest', example: { name: 'Running' } },
  columns: ['INTEREST ID', 'STATE', 'NAME'],
  row: (interest) => [interest.interest_id, String(interest.state), interest.name],
  viewOnly: ['interest_id', 'state', 'last_change'],
});
