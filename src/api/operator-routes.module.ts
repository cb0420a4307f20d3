import { Module, Type } from '@nestjs/common';
import { AuditOperatorApiModule } from '../modules/audit/api/audit-operator-api.module';
import { AuthOperatorApiModule } from '../modules/auth/api/auth-operator-api.module';
import { CampaignsOperatorApiModule } from '../modules/campaigns/api/campaigns-operator-api.module';
import { CatalogueOperatorApiModule } from '../modules/catalogue/api/catalogue-operator-api.module';
import { EventsOperatorApiModule } from '../modules/events/api/events-operator-api.module';
import { HintsOperatorApiModule } from '../modules/hints/api/hints-operator-api.module';
import { MessagingOperatorApiModule } from '../modules/messaging/api/messaging-operator-api.module';

/**
 * Each context's operator API module (decision 35): routed under the operator base path by
 * `@OperatorResource`, documented apart from the contract's two interfaces.
 */
export const OPERATOR_API_MODULES: Type[] = [
  AuthOperatorApiModule,
  AuditOperatorApiModule,
  CatalogueOperatorApiModule,
  HintsOperatorApiModule,
  MessagingOperatorApiModule,
  CampaignsOperatorApiModule,
  EventsOperatorApiModule,
];

@Module({ imports: OPERATOR_API_MODULES })
export class OperatorRoutesModule {}
