import { Module } from '@nestjs/common';
import { ProductReservationsModule } from '../product-reservations.module';
import { ProductReservationsController } from './product-reservations.controller';
import { ReservableProductsController } from './reservable-products.controller';
import { ExternalListTypesController, ReservationSourcesController } from './reservation-definitions.controller';
import { ReservationPricesController } from './reservation-prices.controller';

@Module({
  imports: [ProductReservationsModule],
  controllers: [
    ProductReservationsController,
    ReservationPricesController,
    ReservationSourcesController,
    ExternalListTypesController,
    ReservableProductsController,
  ],
})
export class ProductReservationsApiModule {}
