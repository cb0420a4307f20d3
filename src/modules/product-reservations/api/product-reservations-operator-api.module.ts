import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { ProductReservationsModule } from '../product-reservations.module';
import { ExternalListTypesOperatorController } from './external-list-types-operator.controller';
import { ReservableProductsOperatorController } from './reservable-products-operator.controller';
import { ReservationPricesOperatorController } from './reservation-prices-operator.controller';
import { ReservationSourcesOperatorController } from './reservation-sources-operator.controller';

@Module({
  imports: [ProductReservationsModule, AuditModule],
  controllers: [
    ReservableProductsOperatorController,
    ReservationPricesOperatorController,
    ReservationSourcesOperatorController,
    ExternalListTypesOperatorController,
  ],
})
export class ProductReservationsOperatorApiModule {}
