import { formatDateTime, ResponseOutput, textIn } from '@tessera/http';
import { ProductReservationDto } from './dto/product-reservation.dto';
import { ExternalListTypeDto, ReservationPriceDto, ReservationSourceDto } from './dto/reservation-definitions.dto';
import { ProductReservationExternalListTypeEntity, ProductReservationSourceEntity } from './entities/reservation-definitions.entity';
import { ReservationView } from './product-reservation.service';
import { PriceView } from './reservation-price.service';
import { PROGRESS_LABELS } from './reservation-progress';

export function toProductReservationDto(view: ReservationView, output: ResponseOutput): ProductReservationDto {
  const { reservation } = view;
  return {
    product_reservation_id: reservation.id,
    customer_id: reservation.customerId,
    store_id: reservation.storeId,
    reservation_codes: [reservation.reservationCode],
    external_reservation_codes: view.externalCodes.map((code) => ({ external_code_type_id: code.listTypeId, value: code.value })),
    benefit_codes: reservation.benefitCodes,
    product_reservation_source_id: reservation.sourceId,
    pickup_date: reservation.pickupDate ?? undefined,
    customers_note: reservation.customersNote ?? undefined,
    total_price: reservation.totalPrice === null ? undefined : Number(reservation.totalPrice),
    currency_id: reservation.currencyId ?? undefined,
    product_reservation_items: view.items.map((item) => ({
      reservable_product_id: item.productId,
      amount: Number(item.amount),
      unit_price: item.unitPrice === null ? undefined : Number(item.unitPrice),
      vat_rate: item.vatRate === null ? undefined : Number(item.vatRate),
    })),
    external_purchase_id: reservation.externalPurchaseId ?? undefined,
    utm: reservation.utm ?? undefined,
    actual_state: reservation.actualState,
    reservation_progress_history: view.history.map((entry) => ({
      reservation_progress_id: entry.progress,
      reservation_progress_text: PROGRESS_LABELS[entry.progress],
      reservation_progress_time: formatDateTime(entry.changedAt, output.timeZone),
    })),
    // Comments are written on the administration side only, which this server does not have yet.
    comments: [],
    last_change: formatDateTime(reservation.lastChange, output.timeZone),
    state: reservation.state,
  };
}

export function toReservationPriceDto(view: PriceView, timeZone: string): ReservationPriceDto {
  const { price } = view;
  return {
    product_reservation_price_id: price.id,
    reservable_product_id: price.productId,
    plu_ids: view.pluIds,
    value: Number(price.value),
    currency_id: price.currencyId,
    store_id: price.storeId ?? undefined,
    last_change: formatDateTime(price.lastChange, timeZone),
    state: price.state,
  };
}

export function toReservationSourceDto(source: ProductReservationSourceEntity, output: ResponseOutput): ReservationSourceDto {
  return {
    product_reservation_source_id: source.id,
    name: textIn(source.names, output),
    last_change: formatDateTime(source.lastChange, output.timeZone),
    state: source.state,
  };
}

export function toExternalListTypeDto(listType: ProductReservationExternalListTypeEntity): ExternalListTypeDto {
  return { product_reservation_external_list_type_id: listType.id, name: listType.name };
}
