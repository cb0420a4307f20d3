import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../../catalogue';
import { CustomersModule } from '../../customers';
import { SegmentsModule } from '../../segments';
import { LoyaltyModule } from '../loyalty.module';
import { RewardTypeEntity } from './entities/reward-type.entity';
import { RewardEntity } from './entities/reward.entity';
import { VoucherEntity } from './entities/voucher.entity';
import { RedeemableRewardService } from './redeemable-reward.service';
import { RewardPropertyService } from './reward-property.service';
import { RewardDefinitionRepository } from './reward-definition.repository';
import { RewardTypeDefinitionRepository } from './reward-type-definition.repository';
import { RewardPropertyCatalogue, VoucherPropertyCatalogue } from './reward-property-catalogue.service';
import { RewardPropertyDefinitionRepository, VoucherPropertyDefinitionRepository } from './reward-property-definition.repository';
import { RewardTypeService } from './reward-type.service';
import { RewardService } from './reward.service';
import { VoucherRedemptionService } from './voucher-redemption.service';
import { VoucherRepository } from './voucher.repository';
import { VoucherService } from './voucher.service';
import { ReferenceDataModule } from '../../reference-data';

const SERVICES = [
  RewardTypeService,
  RewardTypeDefinitionRepository,
  RewardPropertyService,
  RewardService,
  RedeemableRewardService,
  VoucherService,
  VoucherRedemptionService,
  RewardDefinitionRepository,
  RewardPropertyCatalogue,
  VoucherPropertyCatalogue,
  RewardPropertyDefinitionRepository,
  VoucherPropertyDefinitionRepository,
];

/** Rewards, reward types and vouchers of the loyalty context; vouchers are paid through the points ledger. */
@Module({
  imports: [
    LoyaltyModule,
    CustomersModule,
    ReferenceDataModule,
    CatalogueModule,
    SegmentsModule,
    TypeOrmModule.forFeature([RewardTypeEntity, RewardEntity, VoucherEntity]),
  ],
  providers: [...SERVICES, VoucherRepository],
  exports: SERVICES,
})
export class RewardsModule {}
