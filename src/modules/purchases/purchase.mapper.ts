import { formatDateTime, ResponseOutput } from '@tessera/http';
import { toVoucherDto } from '../loyalty';
import { PaymentSummaryDto, PurchaseDto, PurchaseItemDto, PurchasePropertyRecordDto } from './dto/purchase.dto';
import { PaymentSummary, PurchaseItemView, PurchasePropertyRecordView, PurchaseView } from './purchase-query.service';

/** Point amounts are kept with two decimals; summing them as floats could show 0.30000000000000004. */
const sumOfPoints = (...amounts: string[]): number => Math.round(amounts.reduce((sum, amount) => sum + Number(amount) * 100, 0)) / 100;

export function toPurchasePropertyRecordDto(record: PurchasePropertyRecordView, timeZone: string): PurchasePropertyRecordDto {
  return {
    property_record_id: `${record.propertyId}:${record.ownerId}`,
    property_id: record.propertyId,
    property_name: record.propertyName,
    property_value: record.value,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toPurchaseItemDto({ item, properties }: PurchaseItemView, timeZone: string): PurchaseItemDto {
  return {
    purchase_item_id: item.id,
    product_id: item.productId,
    product_name: item.productName,
    product_group_id: item.productGroupId,
    product_group_name: item.productGroupName,
    product_brand_id: item.productBrandId,
    product_brand_name: item.productBrandName,
    external_id: item.externalId,
    purchase_item_type_id: item.purchaseItemTypeId,
    price: Number(item.price),
    amount: Number(item.amount),
    vat_rate: Number(item.vatRate),
    additional_properties: properties.map((record) => toPurchasePropertyRecordDto(record, timeZone)),
  };
}

export function toPurchaseDto({ purchase, items, properties }: PurchaseView, timeZone: string): PurchaseDto {
  return {
    purchase_id: purchase.id,
    // The schema requires the field (decision 3): an anonymous purchase answers an empty id rather than none.
    customer_id: purchase.customerId ?? '',
    store_id: purchase.storeId,
    external_purchase_id: purchase.externalPurchaseId,
    payment_time: formatDateTime(purchase.paymentTime, timeZone),
    items_count: purchase.itemsCount,
    purchase_items: items.map((item) => toPurchaseItemDto(item, timeZone)),
    type_id: purchase.purchaseTypeId,
    total_price: Number(purchase.totalPrice),
    currency_id: purchase.currencyId,
    card_number: purchase.cardNumber,
    cashdesk_number: purchase.cashdeskNumber,
    last_change: formatDateTime(purchase.lastChange, timeZone),
    property_records: properties.map((record) => toPurchasePropertyRecordDto(record, timeZone)),
  };
}

export function toPaymentSummaryDto({ purchase, vouchers }: PaymentSummary, output: ResponseOutput): PaymentSummaryDto {
  return {
    earned_points: Number(purchase.earnedPoints),
    used_credits: Number(purchase.usedCredits),
    used_points: Number(purchase.usedPoints),
    used_points_total: sumOfPoints(purchase.usedPoints, purchase.voucherPoints),
    used_vouchers: vouchers.map((view) => toVoucherDto(view, output)),
  };
}
