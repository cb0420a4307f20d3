/** What the admin CLI and the app may use of product reservations: the module, the operator's definitions, and reservations as the API shows them. */
export { ProductReservationsModule } from './product-reservations.module';
export { ReservableProductService, type ReservableProductOverview } from './reservable-product.service';
export { ReservationPriceService, type PriceView } from './reservation-price.service';
export { ReservationDefinitionService, type ListTypeDefinition, type SourceDefinition } from './reservation-definition.service';
export { ProductReservationService } from './product-reservation.service';
export { toProductReservationDto } from './product-reservations.mapper';
