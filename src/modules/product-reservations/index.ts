/** What the admin CLI and the app may use of product reservations: the module, the operator's definitions, and reservations as the API shows them. */
export { ProductReservationsModule } from './product-reservations.module';
export { ReservableProductService } from './reservable-product.service';
export { ReservationPriceService, type PriceView } from './reservation-price.service';
export { ReservationDefinitionService } from './reservation-definition.service';
export { ProductReservationService } from './product-reservation.service';
export { toProductReservationDto } from './product-reservations.mapper';
export { ReservableProductDefinitionRepository } from './reservable-product-definition.repository';
export {
  ReservableProductDefinitionDto,
  ReservableProductDefinitionViewDto as ReservableProductDefinitionView,
} from './dto/reservable-product-definition.dto';
export { ReservationPriceDefinitionRepository } from './reservation-price-definition.repository';
export {
  ReservationPriceDefinitionDto,
  ReservationPriceDefinitionViewDto as ReservationPriceDefinitionView,
} from './dto/reservation-price-definition.dto';
export { ReservationSourceDefinitionRepository } from './reservation-source-definition.repository';
export {
  ReservationSourceDefinitionDto,
  ReservationSourceDefinitionViewDto as ReservationSourceDefinitionView,
} from './dto/reservation-source-definition.dto';
export { ExternalListTypeDefinitionRepository } from './external-list-type-definition.repository';
export {
  ExternalListTypeDefinitionDto,
  ExternalListTypeDefinitionViewDto as ExternalListTypeDefinitionView,
} from './dto/external-list-type-definition.dto';
