import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { StamperModule } from '../stamper.module';
import { StampCardsOperatorController } from './stamp-cards-operator.controller';
import { StamperCampaignsOperatorController } from './stamper-campaigns-operator.controller';

@Module({ imports: [StamperModule, AuditModule], controllers: [StamperCampaignsOperatorController, StampCardsOperatorController] })
export class StamperOperatorApiModule {}
