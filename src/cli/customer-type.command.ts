import { CustomerTypeDefinitionDto, CustomerTypeDefinitionRepository, type CustomerTypeDefinitionView } from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera customer-type ...`: the types rewards and campaign products are offered to. */
export const customerTypeCommand = lifecycleCommand<CustomerTypeDefinitionDto, CustomerTypeDefinitionView>({
  name: 'customer-type',
  store: CustomerTypeDefinitionRepository,
  file: { type: CustomerTypeDefinitionDto, what: 'customer type', example: { text_id: 'business', name: 'Business customer' } },
  columns: ['TEXT ID', 'TYPE ID', 'STATE', 'NAME'],
  row: (type) => [type.text_id, type.type_id, String(type.state), type.name],
  viewOnly: ['type_id', 'state', 'last_change'],
});
