/** What the admin CLI, the background worker and the tests may use of messaging: templates and their definitions, messages and their delivery, mailings to audiences. */
export { MessageDeliveryWorkerModule, MessagingModule } from './messaging.module';
export { MessageTemplateService, type MessageTemplateDefinition } from './message-template.service';
export { MessageTemplateDefinitionRepository } from './message-template-definition.repository';
export {
  MessageTemplateDefinitionDto,
  MessageTemplateDefinitionViewDto as MessageTemplateDefinitionView,
} from './dto/message-template-definition.dto';
export { MessageService } from './message.service';
export { MailingService, type MailingInput } from './mailing.service';
export type { MailingReport } from './mailing.repository';
export { PasswordSetupService } from './password-setup.service';
export { MessageDeliveryService } from './delivery/message-delivery.service';
export { MessageTemplateState, type MessageParameter, type TemplatePurpose } from './entities/message-template.entity';
export { MessageStatus } from './entities/message.entity';
