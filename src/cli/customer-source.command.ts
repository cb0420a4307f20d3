import {
  CustomerSourceDefinitionDto,
  CustomerSourceDefinitionRepository,
  type CustomerSourceDefinitionView,
} from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera customer-source ...`: where customers come from. */
export const customerSourceCommand = lifecycleCommand<CustomerSourceDefinitionDto, CustomerSourceDefinitionView>({
  name: 'customer-source',
  store: CustomerSourceDefinitionRepository,
  file: { type: CustomerSourceDefinitionDto, what: 'customer source', example: { customer_source_text_id: 'eshop', name: 'E-shop' } },
  columns: ['TEXT ID', 'CUSTOMER SOURCE ID', 'STATE', 'NAME'],
  row: (source) => [source.customer_source_text_id, source.customer_source_id, String(source.state), source.name],
  viewOnly: ['customer_source_id', 'state', 'last_change'],
});
