import { Module } from '@nestjs/common';
import { MessageDeliveryWorkerModule, MessagingModule } from '../messaging.module';
import { MessageTemplatesController } from './message-templates.controller';
import { MessagesController } from './messages.controller';
import { MessageTrackingController } from './message-tracking.controller';
import { OneTimePasswordController } from './one-time-password.controller';
import { PasswordSetupRedeemController, PasswordSetupTokensController } from './password-setup.controller';

@Module({
  imports: [MessagingModule, MessageDeliveryWorkerModule],
  controllers: [
    MessagesController,
    MessageTemplatesController,
    OneTimePasswordController,
    PasswordSetupTokensController,
    MessageTrackingController,
    PasswordSetupRedeemController,
  ],
})
export class MessagingApiModule {}
