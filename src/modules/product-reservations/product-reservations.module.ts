import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../catalogue';
import { CustomersModule } from '../customers';
import { ReferenceDataModule } from '../reference-data';
import {
  ProductReservationEntity,
  ProductReservationExternalCodeEntity,
  ProductReservationItemEntity,
  ProductReservationProgressEntity,
} from './entities/product-reservation.entity';
import {
  ProductReservationExternalListTypeEntity,
  ProductReservationPriceEntity,
  ProductReservationSourceEntity,
  ReservableProductEntity,
} from './entities/reservation-definitions.entity';
import { ExternalListTypeDefinitionRepository } from './external-list-type-definition.repository';
import { ProductReservationService } from './product-reservation.service';
import { ReservableProductDefinitionRepository } from './reservable-product-definition.repository';
import { ReservableProductService } from './reservable-product.service';
import { ReservationDefinitionService } from './reservation-definition.service';
import { ReservationPriceDefinitionRepository } from './reservation-price-definition.repository';
import { ReservationPriceService } from './reservation-price.service';
import { ReservationSourceDefinitionRepository } from './reservation-source-definition.repository';

const SERVICES = [
  ProductReservationService,
  ReservableProductService,
  ReservationDefinitionService,
  ReservationPriceService,
  ReservableProductDefinitionRepository,
  ReservationPriceDefinitionRepository,
  ReservationSourceDefinitionRepository,
  ExternalListTypeDefinitionRepository,
];

/** Reserve-and-collect: reservable products and their stock and prices, sources, external list types, reservations. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ProductReservationEntity,
      ProductReservationItemEntity,
      ProductReservationExternalCodeEntity,
      ProductReservationProgressEntity,
      ReservableProductEntity,
      ProductReservationPriceEntity,
      ProductReservationSourceEntity,
      ProductReservationExternalListTypeEntity,
    ]),
    CatalogueModule,
    CustomersModule,
    ReferenceDataModule,
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class ProductReservationsModule {}
