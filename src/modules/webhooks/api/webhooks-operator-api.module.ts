import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { WebhooksModule } from '../webhooks.module';
import { WebhooksOperatorController } from './webhooks-operator.controller';

@Module({ imports: [WebhooksModule, AuditModule], controllers: [WebhooksOperatorController] })
export class WebhooksOperatorApiModule {}
