import { Module, Type } from '@nestjs/common';
import { AuditOperatorApiModule } from '../modules/audit/api/audit-operator-api.module';
import { AuthOperatorApiModule } from '../modules/auth/api/auth-operator-api.module';
import { CatalogueOperatorApiModule } from '../modules/catalogue/api/catalogue-operator-api.module';
import { StamperOperatorApiModule } from '../modules/stamper/api/stamper-operator-api.module';
import { WebhooksOperatorApiModule } from '../modules/webhooks/api/webhooks-operator-api.module';

/**
 * Each context's operator API module (decision 35): routed under the operator base path by
 * `@OperatorResource`, documented apart from the contract's two interfaces.
 */
export const OPERATOR_API_MODULES: Type[] = [
  AuthOperatorApiModule,
  AuditOperatorApiModule,
  CatalogueOperatorApiModule,
  StamperOperatorApiModule,
  WebhooksOperatorApiModule,
];

@Module({ imports: OPERATOR_API_MODULES })
export class OperatorRoutesModule {}
