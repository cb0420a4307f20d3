import { Module } from '@nestjs/common';
import { MessageDeliveryWorkerModule, MessagingModule } from '../messaging.module';
import { MessageTemplatesController } from './message-templates.controller';
import { MessagesController } from './messages.controller';
import { OneTimePasswordController } from './one-time-password.controller';

@Module({
  imports: [MessagingModule, MessageDeliveryWorkerModule],
  controllers: [MessagesController, MessageTemplatesController, OneTimePasswordController],
})
export class MessagingApiModule {}
