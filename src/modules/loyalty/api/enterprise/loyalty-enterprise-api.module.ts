import { Module } from '@nestjs/common';
import { LoyaltyModule } from '../../loyalty.module';
import { EnterpriseCardsController } from './cards.controller';
import { EnterpriseCardIssuingController } from './card-issuing.controller';
import { EnterpriseCardTypesController } from './card-types.controller';
import { EnterprisePointsController } from './points.controller';
import { EnterprisePointAdjustmentsController } from './point-adjustments.controller';
import { EnterprisePointHistoryController } from './point-history.controller';
import { EnterprisePointTypesController } from './point-types.controller';
import { EnterpriseCreditsController } from './credits.controller';
import { EnterpriseCreditActionsController } from './credit-actions.controller';
import { EnterpriseCreditHistoryController } from './credit-history.controller';
import { EnterpriseCreditTypesController } from './credit-types.controller';
import { EnterpriseCustomerLoyaltyController } from './customer-loyalty.controller';

@Module({
  imports: [LoyaltyModule],
  controllers: [
    EnterpriseCardsController,
    EnterpriseCardIssuingController,
    EnterpriseCardTypesController,
    EnterprisePointsController,
    EnterprisePointAdjustmentsController,
    EnterprisePointHistoryController,
    EnterprisePointTypesController,
    EnterpriseCreditsController,
    EnterpriseCreditActionsController,
    EnterpriseCreditHistoryController,
    EnterpriseCreditTypesController,
    EnterpriseCustomerLoyaltyController,
  ],
})
export class LoyaltyEnterpriseApiModule {}
