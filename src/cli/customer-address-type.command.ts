import {
  CustomerAddressTypeDefinitionDto,
  CustomerAddressTypeDefinitionRepository,
  type CustomerAddressTypeDefinitionView,
} from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera customer-address-type ...`: the kinds of additional customer address. */
export const customerAddressTypeCommand = lifecycleCommand<CustomerAddressTypeDefinitionDto, CustomerAddressTypeDefinitionView>({
  name: 'customer-address-type',
  store: CustomerAddressTypeDefinitionRepository,
  file: { type: CustomerAddressTypeDefinitionDto, what: 'customer address type', example: { name: 'Delivery' } },
  columns: ['ADDRESS TYPE ID', 'STATE', 'NAME'],
  row: (type) => [type.address_type_id, String(type.state), type.name],
  viewOnly: ['address_type_id', 'state', 'last_change'],
});
