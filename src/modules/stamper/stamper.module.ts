import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { LoyaltyModule, RewardsModule } from '../loyalty';
import { StamperCampaignEntity, StamperCheckpointEntity, StamperConditionEntity } from './entities/stamper-campaign.entity';
import { StamperCardEntity, StamperStampEntity } from './entities/stamper-card.entity';
import { StampCardBlockingService } from './stamp-card-blocking.service';
import { StampCollectionService } from './stamp-collection.service';
import { StamperCampaignDefinitionRepository } from './stamper-campaign-definition.repository';
import { StamperCampaignService } from './stamper-campaign.service';
import { StamperCardService } from './stamper-card.service';

const SERVICES = [
  StamperCampaignService,
  StamperCardService,
  StampCollectionService,
  StamperCampaignDefinitionRepository,
  StampCardBlockingService,
];

/** Stamp cards: campaigns, customers' cards and the stamps purchases earn. */
@Module({
  imports: [
    LoyaltyModule,
    RewardsModule,
    AuditModule,
    TypeOrmModule.forFeature([
      StamperCampaignEntity,
      StamperConditionEntity,
      StamperCheckpointEntity,
      StamperCardEntity,
      StamperStampEntity,
    ]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class StamperModule {}
