import { formatDateTime } from '@tessera/http';
import { PaymentTypeDto, PurchasePropertyDto, PurchaseTypeDto } from './dto/purchase-definitions.dto';
import { PaymentTypeEntity, PurchaseItemTypeEntity, PurchaseTypeEntity } from './entities/purchase-definitions.entity';
import { PurchasePropertyRow } from './purchase-property.service';

/** Purchase and purchase item types look alike outside; the item type's loyalty flags stay inside. */
export function toPurchaseTypeDto(type: PurchaseTypeEntity | PurchaseItemTypeEntity): PurchaseTypeDto {
  return { type_id: type.id, name: type.name, text_id: type.textId };
}

export function toPaymentTypeDto(type: PaymentTypeEntity, timeZone: string): PaymentTypeDto {
  return { payment_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toPurchasePropertyDto(property: PurchasePropertyRow, timeZone: string): PurchasePropertyDto {
  return {
    property_id: property.property_id,
    name: property.name,
    data_type: property.data_type,
    items: property.items,
    is_required: property.is_required,
    is_unique: property.is_unique,
    last_change: formatDateTime(property.last_change, timeZone),
    state: property.state,
  };
}
