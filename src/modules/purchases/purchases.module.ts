import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CustomersModule } from '../customers/customers.module';
import { EventsModule } from '../events/events.module';
import { LoyaltyModule } from '../loyalty/loyalty.module';
import { RewardsModule } from '../loyalty/rewards/rewards.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { SegmentsModule } from '../segments/segments.module';
import { PurchaseDefinitionsModule } from './definitions/purchase-definitions.module';
import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchaseCreditEntity, PurchasePointEntity, PurchaseVoucherEntity } from './entities/purchase-links.entity';
import { PurchaseItemPropertyRecordEntity, PurchasePropertyRecordEntity } from './entities/purchase-property-record.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { PurchaseClosureService } from './purchase-closure.service';
import { PurchaseQueryService } from './purchase-query.service';

const SERVICES = [PurchaseQueryService, PurchaseClosureService];

/** Purchases: closure of bills with their loyalty effects, and the purchase records. */
@Module({
  imports: [
    PurchaseDefinitionsModule,
    EventsModule,
    AuthModule,
    ReferenceDataModule,
    CustomersModule,
    CatalogueModule,
    SegmentsModule,
    LoyaltyModule,
    RewardsModule,
    TypeOrmModule.forFeature([
      PurchaseEntity,
      PurchaseItemEntity,
      PurchasePointEntity,
      PurchaseCreditEntity,
      PurchaseVoucherEntity,
      PurchasePropertyRecordEntity,
      PurchaseItemPropertyRecordEntity,
    ]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class PurchasesModule {}
