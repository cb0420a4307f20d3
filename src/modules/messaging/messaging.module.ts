import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { AuthModule } from '../auth';
import { CampaignsModule } from '../campaigns';
import { CustomersModule } from '../customers';
import { ReferenceDataModule } from '../reference-data';
import { ChannelTransports } from './delivery/channel-transports.service';
import { DeliveryRequests } from './delivery/delivery-requests';
import { MessageDeliveryService } from './delivery/message-delivery.service';
import { MessageDeliveryWorker } from './delivery/message-delivery.worker';
import { MessageAttachmentEntity } from './entities/message-attachment.entity';
import { MessageTemplateEntity } from './entities/message-template.entity';
import { MessageEntity } from './entities/message.entity';
import { OneTimePasswordEntity } from './entities/one-time-password.entity';
import { PasswordSetupTokenEntity } from './entities/password-setup-token.entity';
import { MailingRepository } from './mailing.repository';
import { MailingService } from './mailing.service';
import { MessageTemplateDefinitionRepository } from './message-template-definition.repository';
import { MessageTemplateService } from './message-template.service';
import { MessageService } from './message.service';
import { OneTimePasswordService } from './one-time-password.service';
import { PasswordSetupService } from './password-setup.service';

/** Message templates, messages and their delivery queue, mailings to audiences, one-time passwords and password-setup links. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      MessageTemplateEntity,
      MessageEntity,
      MessageAttachmentEntity,
      OneTimePasswordEntity,
      PasswordSetupTokenEntity,
    ]),
    AuditModule,
    AuthModule,
    CampaignsModule,
    CustomersModule,
    ReferenceDataModule,
  ],
  providers: [
    MessageTemplateService,
    MessageTemplateDefinitionRepository,
    MessageService,
    MailingService,
    MailingRepository,
    OneTimePasswordService,
    PasswordSetupService,
    ChannelTransports,
    DeliveryRequests,
    MessageDeliveryService,
  ],
  exports: [
    MessageTemplateService,
    MessageTemplateDefinitionRepository,
    MessageService,
    MailingService,
    OneTimePasswordService,
    PasswordSetupService,
    MessageDeliveryService,
    DeliveryRequests,
  ],
})
export class MessagingModule {}

/** On a server, queued messages are also delivered in the background; the admin CLI delivers nothing. */
@Module({
  imports: [MessagingModule],
  providers: [MessageDeliveryWorker],
})
export class MessageDeliveryWorkerModule {}
