import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns.module';
import { AudiencesController } from './audiences.controller';
import { CampaignProductsController } from './campaign-products.controller';
import { CampaignsController } from './campaigns.controller';

@Module({
  imports: [CampaignsModule],
  controllers: [CampaignsController, CampaignProductsController, AudiencesController],
})
export class CampaignsApiModule {}
