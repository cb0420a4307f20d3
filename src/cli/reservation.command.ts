import {
  ExternalListTypeDefinitionDto,
  ExternalListTypeDefinitionRepository,
  type ExternalListTypeDefinitionView,
  ReservableProductDefinitionDto,
  ReservableProductDefinitionRepository,
  type ReservableProductDefinitionView,
  ReservationPriceDefinitionDto,
  ReservationPriceDefinitionRepository,
  type ReservationPriceDefinitionView,
  ReservationSourceDefinitionDto,
  ReservationSourceDefinitionRepository,
  type ReservationSourceDefinitionView,
} from '../modules/product-reservations';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera reservable-product ...`: which products can be reserved, and their stock. */
export const reservableProductCommand = lifecycleCommand<ReservableProductDefinitionDto, ReservableProductDefinitionView>({
  name: 'reservable-product',
  store: ReservableProductDefinitionRepository,
  file: { type: ReservableProductDefinitionDto, what: 'reservable product', example: { product_id: 'BASKET', stock: 25 } },
  columns: ['PRODUCT ID', 'STATE', 'STOCK', 'CODE', 'NAME'],
  row: (product) => [
    product.product_id,
    String(product.state),
    product.stock === null ? 'unlimited' : String(product.stock),
    product.code ?? '',
    product.name,
  ],
  viewOnly: ['code', 'name', 'state', 'last_change'],
  idField: 'product_id',
});

/** `tessera reservation-price ...`: reservation prices per product, store and currency. */
export const reservationPriceCommand = lifecycleCommand<ReservationPriceDefinitionDto, ReservationPriceDefinitionView>({
  name: 'reservation-price',
  store: ReservationPriceDefinitionRepository,
  file: {
    type: ReservationPriceDefinitionDto,
    what: 'reservation price',
    example: { product_id: 'BASKET', currency_id: 'EUR', value: 9.5 },
  },
  columns: ['PRICE ID', 'STATE', 'PRODUCT ID', 'STORE ID', 'CURRENCY ID', 'VALUE'],
  row: (price) => [
    price.product_reservation_price_id,
    String(price.state),
    price.product_id,
    price.store_id ?? 'every store',
    price.currency_id,
    String(price.value),
  ],
  viewOnly: ['product_reservation_price_id', 'state', 'last_change'],
});

/** `tessera reservation-source ...`: where reservations come from. */
export const reservationSourceCommand = lifecycleCommand<ReservationSourceDefinitionDto, ReservationSourceDefinitionView>({
  name: 'reservation-source',
  store: ReservationSourceDefinitionRepository,
  file: {
    type: ReservationSourceDefinitionDto,
    what: 'reservation source',
    example: { text_id: 'call_centre', names: { en: 'Call centre' } },
  },
  columns: ['TEXT ID', 'SOURCE ID', 'STATE', 'NAMES'],
  row: (source) => [source.text_id, source.product_reservation_source_id, String(source.state), Object.values(source.names).join(' / ')],
  viewOnly: ['product_reservation_source_id', 'state', 'last_change'],
});

/** `tessera reservation-list-type ...`: the kinds of external reservation codes. */
export const reservationListTypeCommand = lifecycleCommand<ExternalListTypeDefinitionDto, ExternalListTypeDefinitionView>({
  name: 'reservation-list-type',
  store: ExternalListTypeDefinitionRepository,
  file: { type: ExternalListTypeDefinitionDto, what: 'external list type', example: { text_id: 'ski_pass', name: 'Ski pass' } },
  columns: ['TEXT ID', 'LIST TYPE ID', 'STATE', 'NAME'],
  row: (listType) => [listType.text_id, listType.product_reservation_external_list_type_id, String(listType.state), listType.name],
  viewOnly: ['product_reservation_external_list_type_id', 'state', 'last_change'],
});
