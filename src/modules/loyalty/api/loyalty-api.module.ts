import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../loyalty.module';
import { CardTypesController } from './card-types.controller';
import { CardsController } from './cards.controller';
import { CreditHistoryController } from './credit-history.controller';
import { CreditTypesController } from './credit-types.controller';
import { CreditsController } from './credits.controller';
import { CustomerLoyaltyController } from './customer-loyalty.controller';
import { PointHistoryController } from './point-history.controller';
import { PointReservationsController } from './point-reservations.controller';
import { PointTypesController } from './point-types.controller';
import { PointsController } from './points.controller';

@Module({
  imports: [LoyaltyModule],
  controllers: [
    CardsController,
    CardTypesController,
    PointsController,
    PointHistoryController,
    PointReservationsController,
    PointTypesController,
    CreditsController,
    CreditHistoryController,
    CreditTypesController,
    CustomerLoyaltyController,
  ],
})
export class LoyaltyApiModule {}
