import {
  PurchaseItemTypeDefinitionDto,
  PurchaseItemTypeDefinitionRepository,
  PurchaseTypeDefinitionDto,
  PurchaseTypeDefinitionRepository,
  type PurchaseItemTypeDefinitionView,
  type PurchaseTypeDefinitionView,
} from '../modules/purchases';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera purchase-type ...`: the kinds of purchase tills send. */
export const purchaseTypeCommand = lifecycleCommand<PurchaseTypeDefinitionDto, PurchaseTypeDefinitionView>({
  name: 'purchase-type',
  store: PurchaseTypeDefinitionRepository,
  file: { type: PurchaseTypeDefinitionDto, what: 'purchase type', example: { text_id: 'phone_order', name: 'Phone order' } },
  columns: ['TEXT ID', 'PURCHASE TYPE ID', 'STATE', 'NAME'],
  row: (type) => [type.text_id, type.purchase_type_id, String(type.state), type.name],
  viewOnly: ['purchase_type_id', 'state', 'last_change'],
});

/** `tessera purchase-item-type ...`: kinds of purchase items and what loyalty does with each. */
export const purchaseItemTypeCommand = lifecycleCommand<PurchaseItemTypeDefinitionDto, PurchaseItemTypeDefinitionView>({
  name: 'purchase-item-type',
  store: PurchaseItemTypeDefinitionRepository,
  file: {
    type: PurchaseItemTypeDefinitionDto,
    what: 'purchase item type',
    example: {
      text_id: 'gift_wrap',
      name: 'Gift wrap',
      collects_points: false,
      rewards_apply: false,
      payable_by_points: true,
      points_payment_only: false,
    },
  },
  columns: ['TEXT ID', 'PURCHASE ITEM TYPE ID', 'STATE', 'NAME'],
  row: (type) => [type.text_id, type.purchase_item_type_id, String(type.state), type.name],
  viewOnly: ['purchase_item_type_id', 'state', 'last_change'],
});
