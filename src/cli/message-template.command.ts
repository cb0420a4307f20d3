import {
  MessageTemplateDefinitionDto,
  MessageTemplateDefinitionRepository,
  type MessageTemplateDefinitionView,
} from '../modules/messaging';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera message-template ...`: the templates the API lists and messages are rendered from. */
export const messageTemplateCommand = lifecycleCommand<MessageTemplateDefinitionDto, MessageTemplateDefinitionView>({
  name: 'message-template',
  store: MessageTemplateDefinitionRepository,
  file: {
    type: MessageTemplateDefinitionDto,
    what: 'message template',
    example: {
      name: 'Login code',
      communication_channel_id: 1,
      message_template_group_id: 1,
      subject: 'Your login code',
      plain_text_body: 'Your code is {{code}}',
      purpose: 'one_time_password',
    },
  },
  // The name last, as it may hold spaces.
  columns: ['MESSAGE TEMPLATE ID', 'STATE', 'CHANNEL', 'GROUP', 'PURPOSE', 'NAME'],
  row: (template) => [
    template.message_template_id,
    template.state === 1 ? 'active' : 'deactivated',
    String(template.communication_channel_id),
    String(template.message_template_group_id),
    template.purpose ?? '-',
    template.name,
  ],
  viewOnly: ['message_template_id', 'state', 'last_change'],
});
