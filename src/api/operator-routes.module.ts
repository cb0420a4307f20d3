import { Module, Type } from '@nestjs/common';
import { AuditOperatorApiModule } from '../modules/audit/api/audit-operator-api.module';
import { AuthOperatorApiModule } from '../modules/auth/api/auth-operator-api.module';
import { BookingsOperatorApiModule } from '../modules/bookings/api/bookings-operator-api.module';
import { CampaignsOperatorApiModule } from '../modules/campaigns/api/campaigns-operator-api.module';
import { CatalogueOperatorApiModule } from '../modules/catalogue/api/catalogue-operator-api.module';
import { ProductReservationsOperatorApiModule } from '../modules/product-reservations/api/product-reservations-operator-api.module';
import { ProgrammeFiguresOperatorApiModule } from '../modules/programme-figures/api/programme-figures-operator-api.module';
import { CustomerCareOperatorApiModule } from '../modules/customer-care/api/customer-care-operator-api.module';
import { PurchaseDefinitionsOperatorApiModule } from '../modules/purchases/definitions/api/purchase-definitions-operator-api.module';
import { ReferenceDataOperatorApiModule } from '../modules/reference-data/api/reference-data-operator-api.module';
import { SettingsOperatorApiModule } from '../modules/settings/api/settings-operator-api.module';
import { CustomersOperatorApiModule } from '../modules/customers/api/customers-operator-api.module';
import { SegmentsOperatorApiModule } from '../modules/segments/api/segments-operator-api.module';
import { EventsOperatorApiModule } from '../modules/events/api/events-operator-api.module';
import { HintsOperatorApiModule } from '../modules/hints/api/hints-operator-api.module';
import { MessagingOperatorApiModule } from '../modules/messaging/api/messaging-operator-api.module';
import { LoyaltyOperatorApiModule } from '../modules/loyalty/api/loyalty-operator-api.module';
import { RewardsOperatorApiModule } from '../modules/loyalty/rewards/api/rewards-operator-api.module';
import { TasksOperatorApiModule } from '../modules/tasks/api/tasks-operator-api.module';
import { StamperOperatorApiModule } from '../modules/stamper/api/stamper-operator-api.module';
import { WebhooksOperatorApiModule } from '../modules/webhooks/api/webhooks-operator-api.module';

/**
 * Each context's operator API module (decision 35): routed under the operator base path by
 * `@OperatorResource`, documented apart from the contract's two interfaces.
 */
export const OPERATOR_API_MODULES: Type[] = [
  AuthOperatorApiModule,
  AuditOperatorApiModule,
  CatalogueOperatorApiModule,
  CustomerCareOperatorApiModule,
  ProgrammeFiguresOperatorApiModule,
  ReferenceDataOperatorApiModule,
  SettingsOperatorApiModule,
  PurchaseDefinitionsOperatorApiModule,
  CustomersOperatorApiModule,
  SegmentsOperatorApiModule,
  HintsOperatorApiModule,
  MessagingOperatorApiModule,
  CampaignsOperatorApiModule,
  EventsOperatorApiModule,
  LoyaltyOperatorApiModule,
  RewardsOperatorApiModule,
  StamperOperatorApiModule,
  TasksOperatorApiModule,
  BookingsOperatorApiModule,
  WebhooksOperatorApiModule,
  ProductReservationsOperatorApiModule,
];

@Module({ imports: OPERATOR_API_MODULES })
export class OperatorRoutesModule {}
