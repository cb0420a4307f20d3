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
import { ProductReservationService } from './product-reservation.service';
import { ReservableProductService } from './reservable-product.service';
import { ReservationDefinitionService } from './reservation-definition.service';
import { ReservationPriceService } from './reservation-price.service';

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
  providers: [ProductReservationService, ReservableProductService, ReservationDefinitionService, ReservationPriceService],
  exports: [ProductReservationService, ReservableProductService, ReservationDefinitionService, ReservationPriceService],
})
export class ProductReservationsModule {}
