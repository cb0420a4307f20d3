import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { MessageTemplateListQueryDto, MessageTemplateListResponseDto, MessageTemplateResponseDto } from '../dto/message-template.dto';
import { MESSAGE_TEMPLATE_SORT_FIELDS, MessageTemplateService } from '../message-template.service';
import { toMessageTemplateDto } from '../messaging.mapper';

/** The active message templates, a catalogue the operator maintains. */
@ApiResource('message-templates')
@ApiTags('Message templates')
export class MessageTemplatesController {
  constructor(
    private readonly templates: MessageTemplateService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Message templates',
    description:
      'Lists the active message templates; name matches any part of the name, case-insensitively, and communication_channel_id takes a channel id or its numeric code (an unknown channel is a 400). Removed templates are left out.',
  })
  @ApiOkResponse({ type: MessageTemplateListResponseDto })
  async list(@Query() query: MessageTemplateListQueryDto) {
    const page = await this.templates.list(query, toPageRequest(query, MESSAGE_TEMPLATE_SORT_FIELDS));
    return listEnvelope('message_templates', page, (template) => toMessageTemplateDto(template, this.config.timeZone));
  }

  @Get(':message_template_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One message template',
    description: 'Returns an active message template by its id; a removed or unknown template answers 404.',
  })
  @ApiOkResponse({ type: MessageTemplateResponseDto })
  async get(@Param('message_template_id') templateId: string): Promise<MessageTemplateResponseDto> {
    return dataEnvelope(toMessageTemplateDto(await this.templates.get(templateId), this.config.timeZone));
  }
}
