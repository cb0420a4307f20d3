import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CampaignsModule } from '../campaigns.module';
import { AudiencesOperatorController } from './audiences-operator.controller';
import { CampaignProductsOperatorController } from './campaign-products-operator.controller';
import { CampaignsOperatorController } from './campaigns-operator.controller';

@Module({
  imports: [CampaignsModule, AuditModule],
  controllers: [CampaignsOperatorController, CampaignProductsOperatorController, AudiencesOperatorController],
})
export class CampaignsOperatorApiModule {}
