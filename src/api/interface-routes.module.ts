import { Module, Type } from '@nestjs/common';
import { AuthApiModule } from '../modules/auth/api/auth-api.module';
import { CatalogueApiModule } from '../modules/catalogue/api/catalogue-api.module';
import { LoyaltyApiModule } from '../modules/loyalty/api/loyalty-api.module';
import { MessagingApiModule } from '../modules/messaging/api/messaging-api.module';
import { RewardsApiModule } from '../modules/loyalty/rewards/api/rewards-api.module';
import { CustomersApiModule } from '../modules/customers/api/customers-api.module';
import { EventsApiModule } from '../modules/events/api/events-api.module';
import { HintsApiModule } from '../modules/hints/api/hints-api.module';
import { CampaignsApiModule } from '../modules/campaigns/api/campaigns-api.module';
import { PurchasesApiModule } from '../modules/purchases/api/purchases-api.module';
import { PurchaseDefinitionsApiModule } from '../modules/purchases/definitions/api/purchase-definitions-api.module';
import { RecommendationsApiModule } from '../modules/recommendations/api/recommendations-api.module';
import { ReferenceDataApiModule } from '../modules/reference-data/api/reference-data-api.module';
import { SegmentsApiModule } from '../modules/segments/api/segments-api.module';
import { WalletApiModule } from '../modules/wallet/api/wallet-api.module';
import { StamperApiModule } from '../modules/stamper/api/stamper-api.module';
import { TasksApiModule } from '../modules/tasks/api/tasks-api.module';
import { OrdersApiModule } from '../modules/orders/api/orders-api.module';
import { EntrancesApiModule } from '../modules/entrances/api/entrances-api.module';
import { ProductReservationsApiModule } from '../modules/product-reservations/api/product-reservations-api.module';
import { BookingsApiModule } from '../modules/bookings/api/bookings-api.module';

/**
 * Each context's API module whose controllers serve both interfaces: every handler is routed under
 * the base paths of the interfaces its `@Offers` names, so these modules are mounted as they are.
 */
export const API_MODULES: Type[] = [
  ReferenceDataApiModule,
  PurchaseDefinitionsApiModule,
  EventsApiModule,
  PurchasesApiModule,
  LoyaltyApiModule,
  SegmentsApiModule,
  HintsApiModule,
  RewardsApiModule,
  CatalogueApiModule,
  CustomersApiModule,
  AuthApiModule,
  RecommendationsApiModule,
  WalletApiModule,
  CampaignsApiModule,
  StamperApiModule,
  MessagingApiModule,
  TasksApiModule,
  OrdersApiModule,
  EntrancesApiModule,
  ProductReservationsApiModule,
  BookingsApiModule,
];

@Module({ imports: API_MODULES })
export class InterfaceRoutesModule {}
