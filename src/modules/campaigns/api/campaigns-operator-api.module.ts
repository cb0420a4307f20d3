import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CampaignsModule } from '../campaigns.module';
import { CampaignsOperatorController } from './campaigns-operator.controller';

@Module({ imports: [CampaignsModule, AuditModule], controllers: [CampaignsOperatorController] })
export class CampaignsOperatorApiModule {}
