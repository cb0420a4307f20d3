import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { CatalogueModule } from '../catalogue';
import { CustomersModule } from '../customers';
import { EventsModule } from '../events';
import { LoyaltyModule, RewardsModule } from '../loyalty';
import { ReferenceDataModule } from '../reference-data';
import { SegmentsModule } from '../segments';
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
