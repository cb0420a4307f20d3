import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../catalogue';
import { CustomersModule } from '../customers';
import { ReferenceDataModule } from '../reference-data';
import { SegmentsModule } from '../segments';
import { AudienceDefinitionRepository } from './audience-definition.repository';
import { AudienceService } from './audience.service';
import { CampaignProductDefinitionRepository } from './campaign-product-definition.repository';
import { CampaignProductRepository } from './campaign-product.repository';
import { CampaignProductService } from './campaign-product.service';
import { CampaignDefinitionRepository } from './campaign-definition.repository';
import { CampaignService } from './campaign.service';
import { AudienceEntity } from './entities/audience.entity';
import { CampaignProductStoreRecordEntity } from './entities/campaign-product-store-record.entity';
import { CampaignProductEntity } from './entities/campaign-product.entity';
import { CampaignEntity } from './entities/campaign.entity';

const SERVICES = [
  CampaignService,
  CampaignProductService,
  AudienceService,
  AudienceDefinitionRepository,
  CampaignDefinitionRepository,
  CampaignProductDefinitionRepository,
];

/** Campaigns, their campaign products and stores, and audiences. */
@Module({
  imports: [
    TypeOrmModule.forFeature([CampaignEntity, CampaignProductEntity, CampaignProductStoreRecordEntity, AudienceEntity]),
    CatalogueModule,
    CustomersModule,
    ReferenceDataModule,
    SegmentsModule,
  ],
  providers: [...SERVICES, CampaignProductRepository],
  exports: SERVICES,
})
export class CampaignsModule {}
