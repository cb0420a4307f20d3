import { Module, Type } from '@nestjs/common';
import { AuditOperatorApiModule } from '../modules/audit/api/audit-operator-api.module';
import { AuthOperatorApiModule } from '../modules/auth/api/auth-operator-api.module';
import { CatalogueOperatorApiModule } from '../modules/catalogue/api/catalogue-operator-api.module';
import { LoyaltyOperatorApiModule } from '../modules/loyalty/api/loyalty-operator-api.module';
import { RewardsOperatorApiModule } from '../modules/loyalty/rewards/api/rewards-operator-api.module';

/**
 * Each context's operator API module (decision 35): routed under the operator base path by
 * `@OperatorResource`, documented apart from the contract's two interfaces.
 */
export const OPERATOR_API_MODULES: Type[] = [
  AuthOperatorApiModule,
  AuditOperatorApiModule,
  CatalogueOperatorApiModule,
  LoyaltyOperatorApiModule,
  RewardsOperatorApiModule,
];

@Module({ imports: OPERATOR_API_MODULES })
export class OperatorRoutesModule {}
