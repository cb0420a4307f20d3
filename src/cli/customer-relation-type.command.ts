import {
  CustomerRelationTypeDefinitionDto,
  CustomerRelationTypeDefinitionRepository,
  type CustomerRelationTypeDefinitionView,
} from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera customer-relation-type ...`: the kinds of relation between customer accounts. */
export const customerRelationTypeCommand = lifecycleCommand<CustomerRelationTypeDefinitionDto, CustomerRelationTypeDefinitionView>({
  name: 'customer-relation-type',
  store: CustomerRelationTypeDefinitionRepository,
  file: { type: CustomerRelationTypeDefinitionDto, what: 'customer relation type', example: { name: 'Family account' } },
  columns: ['RELATION TYPE ID', 'STATE', 'NAME'],
  row: (type) => [type.customer_relation_type_id, String(type.state), type.name],
  viewOnly: ['customer_relation_type_id', 'state', 'last_change'],
});
