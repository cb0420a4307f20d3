import {
  CustomerPropertyDefinitionDto,
  CustomerPropertyDefinitionRepository,
  type CustomerPropertyDefinitionView,
} from '../modules/customers';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera customer-property ...`: the custom fields of customers. */
export const customerPropertyCommand = lifecycleCommand<CustomerPropertyDefinitionDto, CustomerPropertyDefinitionView>({
  name: 'customer-property',
  store: CustomerPropertyDefinitionRepository,
  file: {
    type: CustomerPropertyDefinitionDto,
    what: 'customer property',
    example: {
      property_id: 'shoe_size',
      name: 'Shoe size',
      data_type: 'enum',
      is_required: false,
      is_unique: false,
      items: [
        { id: '42', name: 'EU 42' },
        { id: '43', name: 'EU 43' },
      ],
    },
  },
  columns: ['PROPERTY ID', 'DATA TYPE', 'STATE', 'ITEMS', 'NAME'],
  row: (property) => [
    property.property_id,
    property.data_type,
    String(property.state),
    (property.items ?? []).map((item) => item.id).join(', '),
    property.name,
  ],
  viewOnly: ['state', 'last_change'],
  idField: 'property_id',
});
