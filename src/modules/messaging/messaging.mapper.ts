import { formatDateTime, formatNullableDateTime } from '@tessera/http';
import { MessageDetailDto, MessageDto } from './dto/message.dto';
import { MessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplateEntity } from './entities/message-template.entity';
import { MessageEntity } from './entities/message.entity';
import { MessageDetail } from './message.service';

export function toMessageDto(message: MessageEntity, timeZone: string): MessageDto {
  return {
    message_id: message.id,
    status: message.status,
    message_template_id: message.templateId,
    customer_id: message.customerId ?? '',
    contact: message.contact,
    title: message.title,
    send_time: formatNullableDateTime(message.sendTime, timeZone),
    opened_time: formatNullableDateTime(message.openedTime, timeZone),
    mail_client_user_agent: message.mailClientUserAgent,
    mail_client_language: message.mailClientLanguage,
    communication_channel_id: message.channelCode,
    message_data: message.messageData,
    last_change: formatDateTime(message.lastChange, timeZone),
  };
}

export function toMessageDetailDto(detail: MessageDetail, timeZone: string): MessageDetailDto {
  return {
    plain_text_body: detail.message.plainTextBody,
    html_body: detail.message.htmlBody,
    attachments: detail.attachmentNames.map((name) => ({ attachment_format: name })),
    last_change: formatDateTime(detail.message.lastChange, timeZone),
  };
}

export function toMessageTemplateDto(template: MessageTemplateEntity, timeZone: string): MessageTemplateDto {
  return {
    message_template_id: template.id,
    consent_free_template: template.consentFree,
    subject: template.subject,
    sender: template.sender,
    name: template.name,
    preview_url: template.previewUrl,
    icon_url: template.iconUrl,
    message_template_group_id: template.groupId,
    communication_channel_id: template.channelCode,
    template_data: template.templateData,
    last_change: formatDateTime(template.lastChange, timeZone),
  };
}
