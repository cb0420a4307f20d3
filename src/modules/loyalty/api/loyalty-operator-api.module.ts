import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { LoyaltyModule } from '../loyalty.module';
import { CardTypesOperatorController } from './card-types-operator.controller';
import { CreditTypesOperatorController } from './credit-types-operator.controller';
import { EarningRulesOperatorController } from './earning-rules-operator.controller';
import { LoyaltyRulesOperatorController } from './loyalty-rules-operator.controller';
import { PointTypesOperatorController } from './point-types-operator.controller';
import { StatusesOperatorController } from './statuses-operator.controller';

@Module({
  imports: [LoyaltyModule, AuditModule],
  controllers: [
    StatusesOperatorController,
    LoyaltyRulesOperatorController,
    CardTypesOperatorController,
    PointTypesOperatorController,
    CreditTypesOperatorController,
    EarningRulesOperatorController,
  ],
})
export class LoyaltyOperatorApiModule {}
