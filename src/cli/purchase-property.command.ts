import {
  PurchaseItemPropertyDefinitionRepository,
  PurchasePropertyDefinitionDto,
  PurchasePropertyDefinitionRepository,
  type PurchasePropertyDefinitionView,
} from '../modules/purchases';
import { LifecycleKind, lifecycleCommand } from './lifecycle-command';

type PropertyKind = LifecycleKind<PurchasePropertyDefinitionDto, PurchasePropertyDefinitionView>;

/** What both resources' commands share: the file, the columns (the name last, as it may hold spaces) and the view's own fields. */
const shared = {
  columns: ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS', 'NAME'],
  row: (property: PurchasePropertyDefinitionView) => [
    property.property_id,
    property.data_type,
    property.is_required ? 'yes' : 'no',
    property.is_unique ? 'yes' : 'no',
    property.state === 0 ? 'deactivated' : 'active',
    (property.items ?? []).map((item) => `${item.id}=${item.name}`).join(', '),
    property.name,
  ],
  viewOnly: ['state', 'last_change'],
  idField: 'property_id',
} satisfies Partial<PropertyKind>;

/** `tessera purchase-property ...`: the additional properties of purchases. */
export const purchasePropertyCommand = lifecycleCommand<PurchasePropertyDefinitionDto, PurchasePropertyDefinitionView>({
  ...shared,
  name: 'purchase-property',
  store: PurchasePropertyDefinitionRepository,
  file: {
    type: PurchasePropertyDefinitionDto,
    what: 'purchase property',
    example: {
      property_id: 'sales_channel',
      name: 'Sales channel',
      data_type: 'enum',
      is_required: false,
      items: [
        { id: 'web', name: 'Website' },
        { id: 'shop', name: 'Shop' },
      ],
    },
  },
});

/** `tessera purchase-item-property ...`: the additional properties of purchase items (bill lines). */
export const purchaseItemPropertyCommand = lifecycleCommand<PurchasePropertyDefinitionDto, PurchasePropertyDefinitionView>({
  ...shared,
  name: 'purchase-item-property',
  store: PurchaseItemPropertyDefinitionRepository,
  file: {
    type: PurchasePropertyDefinitionDto,
    what: 'purchase item property',
    example: { property_id: 'serial_number', name: 'Serial number', data_type: 'string', is_unique: true },
  },
});
