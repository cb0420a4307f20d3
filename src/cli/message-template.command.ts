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
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

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

/** `tessera message-template list|define|remove`: the templates the API lists and messages are rendered from. */
export async function messageTemplateCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const templates = await withAdminSession(io, ({ context }) => context.get(MessageTemplateService).listAll());
      io.stdout(
        textTable(
          TEMPLATE_COLUMNS,
          templates.map((template) => [
            template.id,
            template.state === MessageTemplateState.Active ? 'active' : 'removed',
            String(template.channelCode),
            String(template.groupId),
            template.purpose ?? '-',
            template.name,
          ]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(MessageTemplateInputDto, await readJsonDefinition(positionals[0], io), 'message template');
      const definition = toDefinition(input);
      const templateId = input.message_template_id;
      if (templateId === undefined) {
        const created = await withAdminSession(io, ({ context }) => context.get(MessageTemplateService).create(definition));
        io.stdout(`${created}\n`);
      } else {
        await withAdminSession(io, ({ context }) => context.get(MessageTemplateService).update(templateId, definition));
        io.stdout(`Message template ${templateId} updated\n`);
      }
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [templateId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(MessageTemplateService).remove(templateId));
      io.stdout(
        removed
          ? `Message template ${templateId} removed; messages sent with it keep it\n`
          : `Message template ${templateId} was removed already\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown message-template command "${action ?? ''}"`);
  }
}

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
