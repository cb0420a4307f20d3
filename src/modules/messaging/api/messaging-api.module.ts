import { Module } from '@nestjs/common';
import { MessageDeliveryWorkerModule, MessagingModule } from '../messaging.module';
import { MessageTemplatesController } from './message-templates.controller';
import { MessagesController } from './messages.controller';

@Module({
  imports: [MessagingModule, MessageDeliveryWorkerModule],
  controllers: [MessagesController, MessageTemplatesController],
})
export class MessagingApiModule {}
