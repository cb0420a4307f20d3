import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { newId, pageInMemory } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ChannelCode, CommunicationChannelService } from '../reference-data';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { MessageParameter, MessageTemplateEntity, MessageTemplateState, TemplatePurpose } from './entities/message-template.entity';

const TEMPLATE_SORT_COLUMNS = {
  message_template_id: 'id',
  name: 'name',
  subject: 'subject',
  sender: 'sender',
  consent_free_template: 'consentFree',
  message_template_group_id: 'groupId',
  communication_channel_id: 'channelCode',
  last_change: 'lastChange',
} as const;
export type MessageTemplateSortField = keyof typeof TEMPLATE_SORT_COLUMNS;
export const MESSAGE_TEMPLATE_SORT_FIELDS = Object.keys(TEMPLATE_SORT_COLUMNS) as MessageTemplateSortField[];

export interface MessageTemplateFilter {
  /** Part of the name, without regard to letter case. */
  name?: string;
  /** A channel id, or its integer code written as a string. */
  communication_channel_id?: string;
}

/** A template as the operator defines it; what is left out is empty, so a definition replaces the whole template. */
export interface MessageTemplateDefinition {
  name: string;
  channelCode: ChannelCode;
  groupId: number;
  consentFree?: boolean;
  sender?: string;
  subject?: string;
  plainTextBody?: string;
  htmlBody?: string;
  previewUrl?: string;
  iconUrl?: string;
  templateData?: MessageParameter[];
  purpose?: TemplatePurpose;
}

/**
 * Message templates: a short catalogue, held in memory on every instance and written by the operator
 * (operator API, CLI). The API sees active templates only.
 */
@Injectable()
export class MessageTemplateService {
  private readonly snapshot: MemorySnapshot<DefinitionRows<MessageTemplateEntity, MessageTemplateSortField>>;

  constructor(
    @InjectRepository(MessageTemplateEntity) private readonly templates: Repository<MessageTemplateEntity>,
    private readonly channels: CommunicationChannelService,
    changes: ChangeFeed,
  ) {
    this.snapshot = definitionSnapshot(changes, ['message_templates'], MessageTemplateEntity, 'id', TEMPLATE_SORT_COLUMNS);
  }

  async list(filter: MessageTemplateFilter, page: PageRequest<MessageTemplateSortField>): Promise<Page<MessageTemplateEntity>> {
    const name = filter.name?.toLowerCase();
    const channel =
      filter.communication_channel_id === undefined
        ? undefined
        : await this.channels.requireChannel(filter.communication_channel_id, 'communication_channel_id');
    return pageInMemory(
      (await this.snapshot.get()).ranked,
      (template) =>
        template.state === MessageTemplateState.Active &&
        (name === undefined || template.name.toLowerCase().includes(name)) &&
        (channel === undefined || template.channelCode === channel.code),
      page,
    );
  }

  async get(templateId: string): Promise<MessageTemplateEntity> {
    const template = await this.findActive(templateId);
    if (!template) throw CommonException.recordNotFound('message-templates', templateId);
    return template;
  }

  /** An active template named in a request body, or a 400 `not_found` naming `field`. */
  async requireIn(field: string, templateId: string): Promise<MessageTemplateEntity> {
    const template = await this.findActive(templateId);
    if (!template) throw CommonException.invalid(field, InvalidReason.NotFound, 'No message template has this id', templateId);
    return template;
  }

  /** The project's default template for a purpose on a channel, or null. */
  async defaultFor(purpose: TemplatePurpose, channelCode: ChannelCode): Promise<MessageTemplateEntity | null> {
    const { ranked } = await this.snapshot.get();
    return (
      ranked.rows.find(
        (template) =>
          template.state === MessageTemplateState.Active && template.purpose === purpose && template.channelCode === channelCode,
      ) ?? null
    );
  }

  // ---- the operator's, in the caller's transaction (the definition lifecycle's) ----

  async create(definition: MessageTemplateDefinition, manager: EntityManager = this.templates.manager): Promise<string> {
    const id = newId();
    await this.releasePurpose(manager, definition, id);
    await manager.insert(MessageTemplateEntity, { id, ...columnsOf(definition), state: MessageTemplateState.Active });
    return id;
  }

  /** Replaces the template's definition, keeping its state. */
  async update(templateId: string, definition: MessageTemplateDefinition, manager: EntityManager): Promise<void> {
    const current = await manager.findOneByOrFail(MessageTemplateEntity, { id: templateId });
    if (current.state === MessageTemplateState.Active) await this.releasePurpose(manager, definition, templateId);
    await manager.update(MessageTemplateEntity, { id: templateId }, { ...columnsOf(definition), lastChange: () => 'now()' });
  }

  /** Deactivated, it stays for the messages sent with it; activated, it takes its purpose back from the one that had it since. */
  async setState(templateId: string, state: MessageTemplateState, manager: EntityManager): Promise<void> {
    const current = await manager.findOneByOrFail(MessageTemplateEntity, { id: templateId });
    if (state === MessageTemplateState.Active && current.purpose) {
      await this.releasePurpose(manager, { channelCode: current.channelCode, purpose: current.purpose }, templateId);
    }
    await manager.update(MessageTemplateEntity, { id: templateId }, { state, lastChange: () => 'now()' });
  }

  /** A template that becomes a purpose's default takes the place of the previous one, which stays an ordinary template. */
  private async releasePurpose(
    manager: EntityManager,
    definition: Pick<MessageTemplateDefinition, 'channelCode' | 'purpose'>,
    keepId: string,
  ): Promise<void> {
    if (!definition.purpose) return;
    await manager
      .createQueryBuilder()
      .update(MessageTemplateEntity)
      .set({ purpose: null, lastChange: () => 'now()' })
      .where('purpose = :purpose AND communication_channel_code = :code AND message_template_id <> :keepId', {
        purpose: definition.purpose,
        code: definition.channelCode,
        keepId,
      })
      .execute();
  }

  private async findActive(templateId: string): Promise<MessageTemplateEntity | null> {
    const template = (await this.snapshot.get()).byId.get(templateId);
    return template && template.state === MessageTemplateState.Active ? template : null;
  }
}

function columnsOf(definition: MessageTemplateDefinition): Omit<MessageTemplateEntity, 'id' | 'lastChange' | 'state'> {
  return {
    name: definition.name,
    channelCode: definition.channelCode,
    groupId: definition.groupId,
    consentFree: definition.consentFree ?? false,
    sender: definition.sender ?? '',
    subject: definition.subject ?? '',
    plainTextBody: definition.plainTextBody ?? '',
    htmlBody: definition.htmlBody ?? '',
    previewUrl: definition.previewUrl ?? null,
    iconUrl: definition.iconUrl ?? null,
    templateData: definition.templateData ?? [],
    purpose: definition.purpose ?? null,
  };
}
