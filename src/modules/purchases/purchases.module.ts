import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../catalogue';
import { CustomersModule } from '../customers';
import { LoyaltyModule, RewardsModule } from '../loyalty';
import { ReferenceDataModule } from '../reference-data';
import { SegmentsModule } from '../segments';
import { StamperModule } from '../stamper';
import { BookingStep } from './closure/booking.step';
import { CancellationStep } from './closure/cancellation.step';
import { CartStep } from './closure/cart.step';
import { CheckoutStep } from './closure/checkout.step';
import { CustomerFactsRepository } from './closure/customer-facts.repository';
import { PurchaseRecordsRepository } from './closure/purchase-records.repository';
import { SettlementStep } from './closure/settlement.step';
import { StatusStep } from './closure/status.step';
import { PurchaseDefinitionsModule } from './definitions/purchase-definitions.module';
import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchaseCreditEntity, PurchasePointEntity, PurchaseVoucherEntity } from './entities/purchase-links.entity';
import { PurchaseItemPropertyRecordEntity, PurchasePropertyRecordEntity } from './entities/purchase-property-record.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { PurchaseClosureService } from './purchase-closure.service';
import { PurchaseQueryService } from './purchase-query.service';
import { StatusPeriodEndService } from './status-period-end.service';
import { StatusPeriodEndWorker } from './status-period-end.worker';

const SERVICES = [PurchaseQueryService, PurchaseClosureService, StatusPeriodEndService];
/** The closure flow's steps and the SQL they own. */
const CLOSURE = [
  CheckoutStep,
  CartStep,
  SettlementStep,
  BookingStep,
  CancellationStep,
  StatusStep,
  CustomerFactsRepository,
  PurchaseRecordsRepository,
];

/** Purchases: closure of bills with their loyalty effects, and the purchase records. */
@Module({
  imports: [
    PurchaseDefinitionsModule,
    ReferenceDataModule,
    CustomersModule,
    CatalogueModule,
    SegmentsModule,
    LoyaltyModule,
    RewardsModule,
    StamperModule,
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
  providers: [...SERVICES, ...CLOSURE],
  exports: SERVICES,
})
export class PurchasesModule {}

/** The status period end run in the background, on a server or a `tessera worker`. */
@Module({
  imports: [PurchasesModule],
  providers: [StatusPeriodEndWorker],
})
export class StatusPeriodEndWorkerModule {}
