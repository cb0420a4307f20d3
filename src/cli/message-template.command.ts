import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  ValidateNested,
} from 'class-validator';
import { MessageTemplateDefinition, MessageTemplateService, MessageTemplateState, TemplatePurpose } from '../modules/messaging';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const TEMPLATE_COLUMNS = ['MESSAGE TEMPLATE ID', 'STATE', 'CHANNEL', 'GROUP', 'PURPOSE', 'NAME'];
const HTTP_URL = { require_protocol: true, protocols: ['http', 'https'] };
const PURPOSES: TemplatePurpose[] = ['one_time_password', 'password_setup'];

class TemplateParameterInputDto {
  @IsDefined() @IsString() @IsNotEmpty() parameter_name!: string;
  @IsDefined() @IsString() value!: string;
}

/**
 * A template as the operator writes it, with the API's field names plus the bodies and `purpose`
 * (`one_time_password` or `password_setup`: the project's default for that purpose on its channel).
 */
class MessageTemplateInputDto {
  @IsOptional() @IsString() @IsNotEmpty() message_template_id?: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @IsDefined() @IsInt() @IsIn([1, 2, 4, 5, 9]) communication_channel_id!: number;
  @IsDefined() @IsInt() @IsIn([1, 2, 3]) message_template_group_id!: number;
  @IsOptional() @IsBoolean() consent_free_template?: boolean;
  @IsOptional() @IsString() sender?: string;
  @IsOptional() @IsString() subject?: string;
  @IsOptional() @IsString() plain_text_body?: string;
  @IsOptional() @IsString() html_body?: string;
  @IsOptional() @IsUrl(HTTP_URL) preview_url?: string;
  @IsOptional() @IsUrl(HTTP_URL) icon_url?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TemplateParameterInputDto)
  template_data?: TemplateParameterInputDto[];
  @IsOptional() @IsIn(PURPOSES) purpose?: TemplatePurpose;
}

const MESSAGE_TEMPLATE_FILE: DefinitionFile<MessageTemplateInputDto> = {
  type: MessageTemplateInputDto,
  what: 'message template',
  example: {
    name: 'Login code',
    communication_channel_id: 1,
    message_template_group_id: 1,
    subject: 'Your login code',
    plain_text_body: 'Your code is {{code}}',
    purpose: 'one_time_password',
  },
};

/** `tessera message-template list|define|remove`: the templates the API lists and messages are rendered from. */
export const messageTemplateCommand = cliCommand(
  {
    ...listAndShow(TEMPLATE_COLUMNS, async (context) =>
      (await context.get(MessageTemplateService).listAll()).map((template) => [
        template.id,
        template.state === MessageTemplateState.Active ? 'active' : 'removed',
        String(template.channelCode),
        String(template.groupId),
        template.purpose ?? '-',
        template.name,
      ]),
    ),
    define: defineAction(MESSAGE_TEMPLATE_FILE, async (input, io) => {
      const definition = toDefinition(input);
      const templateId = input.message_template_id;
      if (templateId === undefined) return withAdminSession(io, ({ context }) => context.get(MessageTemplateService).create(definition));
      await withAdminSession(io, ({ context }) => context.get(MessageTemplateService).update(templateId, definition));
      return `Message template ${templateId} updated`;
    }),
    remove: removeAction((context, templateId) => context.get(MessageTemplateService).remove(templateId), {
      removed: (templateId) => `Message template ${templateId} removed; messages sent with it keep it`,
      notRemoved: (templateId) => `Message template ${templateId} was removed already`,
    }),
  },
  MESSAGE_TEMPLATE_FILE,
);

function toDefinition(input: MessageTemplateInputDto): MessageTemplateDefinition {
  return {
    name: input.name,
    channelCode: input.communication_channel_id,
    groupId: input.message_template_group_id,
    consentFree: input.consent_free_template,
    sender: input.sender,
    subject: input.subject,
    plainTextBody: input.plain_text_body,
    htmlBody: input.html_body,
    previewUrl: input.preview_url,
    iconUrl: input.icon_url,
    templateData: input.template_data,
    purpose: input.purpose,
  };
}
