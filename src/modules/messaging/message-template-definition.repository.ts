import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CommunicationChannelService } from '../reference-data';
import { MessageTemplateDefinitionDto, MessageTemplateDefinitionViewDto } from './dto/message-template-definition.dto';
import { MessageParameter, TemplatePurpose } from './entities/message-template.entity';
import { MessageTemplateDefinition, MessageTemplateService } from './message-template.service';

interface TemplateRow {
  message_template_id: string;
  name: string;
  communication_channel_code: number;
  message_template_group_id: number;
  consent_free: boolean;
  sender: string;
  subject: string;
  plain_text_body: string;
  html_body: string;
  preview_url: string | null;
  icon_url: string | null;
  template_data: MessageParameter[];
  purpose: TemplatePurpose | null;
  state: number;
  last_change: Date;
}

const TEMPLATE_COLUMNS = `message_template_id, name, communication_channel_code, message_template_group_id, consent_free, sender, subject,
  plain_text_body, html_body, preview_url, icon_url, template_data, purpose, state, last_change`;

/** Empty optional fields are left out, so that `show` prints a file `change` takes back. */
const toView = (row: TemplateRow): MessageTemplateDefinitionViewDto => ({
  message_template_id: row.message_template_id,
  name: row.name,
  communication_channel_id: row.communication_channel_code,
  message_template_group_id: row.message_template_group_id,
  consent_free_template: row.consent_free,
  sender: row.sender,
  subject: row.subject,
  plain_text_body: row.plain_text_body,
  html_body: row.html_body,
  ...(row.preview_url !== null && { preview_url: row.preview_url }),
  ...(row.icon_url !== null && { icon_url: row.icon_url }),
  template_data: row.template_data,
  ...(row.purpose !== null && { purpose: row.purpose }),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Message templates as the operator defines them: found by id; the writes are the service's, which keeps purposes unique. */
@Injectable()
export class MessageTemplateDefinitionRepository implements DefinitionStore<
  MessageTemplateDefinitionDto,
  MessageTemplateDefinitionViewDto
> {
  readonly kind = 'message_template';
  readonly resource = 'message-templates';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: MessageTemplateService,
    private readonly channels: CommunicationChannelService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<MessageTemplateDefinitionViewDto>> {
    const found = await queryRowPage<TemplateRow>(
      this.dataSource,
      {
        columns: TEMPLATE_COLUMNS,
        from: 'message_templates',
        conditions: ['($1::text IS NULL OR name ILIKE $1 OR subject ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'message_template_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<MessageTemplateDefinitionViewDto | null> {
    const [row] = await manager.query<TemplateRow[]>(`SELECT ${TEMPLATE_COLUMNS} FROM message_templates WHERE message_template_id = $1`, [
      key,
    ]);
    return row ? toView(row) : null;
  }

  idOf(view: MessageTemplateDefinitionViewDto): string {
    return view.message_template_id;
  }

  async insert(input: MessageTemplateDefinitionDto, manager: EntityManager): Promise<string> {
    return this.templates.create(await this.definitionOf(input), manager);
  }

  async update(id: string, input: MessageTemplateDefinitionDto, manager: EntityManager): Promise<void> {
    await this.templates.update(id, await this.definitionOf(input), manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.templates.setState(id, state, manager);
  }

  /** The channel may be named by code, id or text id; what is stored is its code, which templates are sent by. */
  private async definitionOf(input: MessageTemplateDefinitionDto): Promise<MessageTemplateDefinition> {
    const field = 'communication_channel_id';
    const channel = await this.channels.requireChannel(String(input.communication_channel_id), field);
    if (channel.code === null) {
      throw CommonException.invalid(
        field,
        InvalidReason.NotAllowedValue,
        'Tessera sends no messages on this channel',
        String(input.communication_channel_id),
      );
    }
    return {
      name: input.name,
      channelCode: channel.code,
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
}
