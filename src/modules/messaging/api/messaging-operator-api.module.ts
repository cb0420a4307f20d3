import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { MessagingModule } from '../messaging.module';
import { MailingsOperatorController } from './mailings-operator.controller';
import { MessageTemplatesOperatorController } from './message-templates-operator.controller';

@Module({ imports: [MessagingModule, AuditModule], controllers: [MessageTemplatesOperatorController, MailingsOperatorController] })
export class MessagingOperatorApiModule {}
