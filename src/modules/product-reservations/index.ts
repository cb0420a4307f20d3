/** What the admin CLI and the app may use of product reservations: the module and the operator's definitions. */
export { ProductReservationsModule } from './product-reservations.module';
export { ReservableProductService, type ReservableProductOverview } from './reservable-product.service';
export { ReservationPriceService, type PriceView } from './reservation-price.service';
export { ReservationDefinitionService, type ListTypeDefinition, type SourceDefinition } from './reservation-definition.service';
