import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../../loyalty.module';
import { CustomerCardsController } from './cards.controller';
import { CustomerCardTypesController } from './card-types.controller';
import { CustomerPointsController } from './points.controller';
import { CustomerPointHistoryController } from './point-history.controller';
import { CustomerPointTypesController } from './point-types.controller';
import { CustomerCreditsController } from './credits.controller';
import { CustomerCreditHistoryController } from './credit-history.controller';
import { CustomerCreditTypesController } from './credit-types.controller';
import { CustomerCustomerLoyaltyController } from './customer-loyalty.controller';

@Module({
  imports: [LoyaltyModule],
  controllers: [
    CustomerCardsController,
    CustomerCardTypesController,
    CustomerPointsController,
    CustomerPointHistoryController,
    CustomerPointTypesController,
    CustomerCreditsController,
    CustomerCreditHistoryController,
    CustomerCreditTypesController,
    CustomerCustomerLoyaltyController,
  ],
})
export class LoyaltyCustomerApiModule {}
