import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';
import { AuditModule } from '../modules/audit';
import { AuthModule } from '../modules/auth';
import { CampaignsModule } from '../modules/campaigns';
import { CatalogueModule } from '../modules/catalogue';
import { CustomerCareModule } from '../modules/customer-care';
import { ProgrammeFiguresModule } from '../modules/programme-figures';
import { CustomersModule } from '../modules/customers';
import { EventsModule } from '../modules/events';
import { HintsModule } from '../modules/hints';
import { LoyaltyModule, RewardsModule } from '../modules/loyalty';
import { MessagingModule } from '../modules/messaging';
import { ProductReservationsModule } from '../modules/product-reservations';
import { PurchaseDefinitionsModule } from '../modules/purchases';
import { RecommendationsModule } from '../modules/recommendations';
import { ReferenceDataModule } from '../modules/reference-data';
import { SegmentsModule } from '../modules/segments';
import { StamperModule } from '../modules/stamper';
import { TasksModule } from '../modules/tasks';
import { OrdersModule } from '../modules/orders';
import { EntrancesModule } from '../modules/entrances';
import { BookingsModule } from '../modules/bookings';
import { WebhooksModule } from '../modules/webhooks';
import { SetupModule } from '../setup/setup.module';

/** The services the admin CLI drives, without the HTTP layer. */
@Module({})
export class AdminContextModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AdminContextModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config.databaseConnectTimeoutSeconds),
        AuditModule,
        AuthModule,
        CustomersModule,
        CustomerCareModule,
        ProgrammeFiguresModule,
        EventsModule,
        HintsModule,
        LoyaltyModule,
        MessagingModule,
        RewardsModule,
        PurchaseDefinitionsModule,
        RecommendationsModule,
        ReferenceDataModule,
        SetupModule,
        CampaignsModule,
        CatalogueModule,
        SegmentsModule,
        StamperModule,
        TasksModule,
        OrdersModule,
        EntrancesModule,
        ProductReservationsModule,
        BookingsModule,
        WebhooksModule,
      ],
    };
  }
}
