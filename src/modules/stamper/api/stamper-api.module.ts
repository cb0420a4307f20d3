import { Module } from '@nestjs/common';
import { StamperModule } from '../stamper.module';
import { StamperCampaignsController } from './stamper-campaigns.controller';
import { StamperCardsController } from './stamper-cards.controller';
import { StampsController } from './stamps.controller';

@Module({
  imports: [StamperModule],
  controllers: [StamperCampaignsController, StamperCardsController, StampsController],
})
export class StamperApiModule {}
