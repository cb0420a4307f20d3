import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, newId, newSecret } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService, CustomerContact } from '../customers';
import { ChannelCode, CommunicationChannelService } from '../reference-data';
import { checkedContact } from './contact-formats';
import { ChannelTransports } from './delivery/channel-transports.service';
import { DeliveryRequests } from './delivery/delivery-requests';
import { MessageAttachmentEntity } from './entities/message-attachment.entity';
import { MessageParameter, MessageTemplateEntity } from './entities/message-template.entity';
import { MessageEntity, MessageKind, MessageStatus } from './entities/message.entity';
import { AttachmentFile, AttachmentInput, readAttachments } from './message-attachments';
import { MessageTemplateService } from './message-template.service';
import { previewOf, renderTemplate } from './template-rendering';

const MESSAGE_SORT_COLUMNS = {
  message_id: 'm.id',
  status: 'm.status',
  message_template_id: 'm.templateId',
  customer_id: 'm.customerId',
  contact: 'm.contact',
  title: 'm.title',
  send_time: 'm.sendTime',
  opened_time: 'm.openedTime',
  communication_channel_id: 'm.channelCode',
  last_change: 'm.lastChange',
} as const;
export type MessageSortField = keyof typeof MESSAGE_SORT_COLUMNS;
export const MESSAGE_SORT_FIELDS = Object.keys(MESSAGE_SORT_COLUMNS) as MessageSortField[];

/** The channels a message can be sent by (the API's enum for messages). */
export const MESSAGE_CHANNEL_CODES = [ChannelCode.Email, ChannelCode.Sms, ChannelCode.MobilePush, ChannelCode.InternalNotification];

export interface SendMessageInput {
  message_template_id: string;
  customer_id: string;
  communication_channel_id: ChannelCode;
  contact?: string;
  message_data?: MessageParameter[];
  attachments?: AttachmentInput[];
}

export interface MessageFilter {
  customer_id?: string;
  contact?: string;
  communication_channel_id?: string;
  send_time_from?: string;
  send_time_to?: string;
}

/** A message the server itself sends (a one-time password, a password-setup link) through the same queue. */
export interface SystemMessage {
  kind: Exclude<MessageKind, 'message'>;
  template: MessageTemplateEntity;
  customerId: string | null;
  contact: string | null;
  data: MessageParameter[];
}

export interface MessageDetail {
  message: MessageEntity;
  attachmentNames: string[];
}

/**
 * Messages: sending one queues it in the same transaction that records it (the row is the job), and
 * the delivery worker takes it from there. Messages that carry a secret (one-time passwords,
 * password-setup links) are shown only on the Customer interface, to the customer they went to.
 */
@Injectable()
export class MessageService {
  constructor(
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: MessageTemplateService,
    private readonly channels: CommunicationChannelService,
    private readonly customers: CustomerAccountService,
    private readonly transports: ChannelTransports,
    private readonly deliveries: DeliveryRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `send-message`: checks everything before writing; a customer without consent (and a template that
   * is not consent-free) gets a record in state 4 and nothing is queued.
   */
  async send(input: SendMessageInput): Promise<void> {
    const code = input.communication_channel_id;
    // The records named first, then whether this server can deliver them, so a 400 names the real fault.
    const template = await this.templates.requireIn('message.message_template_id', input.message_template_id);
    const customer = await this.customers.contactOf(input.customer_id);
    if (!customer) throw CommonException.invalid('message.customer_id', InvalidReason.NotFound, 'No such customer', input.customer_id);
    const channel = await this.requireDeliverableChannel(code, 'message.communication_channel_id');
    if (template.channelCode !== code) {
      throw CommonException.invalid(
        'message.communication_channel_id',
        InvalidReason.NotAllowedValue,
        `The template is for channel ${template.channelCode}, not ${code}`,
        code,
      );
    }
    const contact = contactFor(customer, code, input.contact);
    if (input.attachments?.length && code !== ChannelCode.Email) {
      throw CommonException.invalid('message.attachments', InvalidReason.NotAllowedValue, 'Only e-mail messages carry attachments');
    }
    const files = await readAttachments(input.attachments ?? [], 'message.attachments', {
      allowPrivateHosts: this.config.attachmentPrivateHosts,
    });
    const consented = template.consentFree || (await this.customers.hasConsentedToChannel(input.customer_id, channel.id));
    const queued = await this.dataSource.transaction((manager) =>
      this.record(manager, {
        kind: 'message',
        template,
        customerId: input.customer_id,
        contact,
        data: input.message_data ?? [],
        files,
        status: consented ? undefined : MessageStatus.NoConsent,
      }),
    );
    if (queued.status === MessageStatus.Queued) this.deliveries.request();
  }

  /**
   * Records a message the server sends itself, in the caller's transaction; the caller calls
   * `requestDelivery` once it has committed. The channel must be deliverable (checked by the caller).
   */
  async recordSystemMessage(manager: EntityManager, message: SystemMessage): Promise<string> {
    return (await this.record(manager, { ...message, files: [] })).id;
  }

  requestDelivery(): void {
    this.deliveries.request();
  }

  /** The active channel of this code, which this server can deliver on; otherwise a 400 naming `field`. */
  async requireDeliverableChannel(code: ChannelCode, field: string): Promise<{ id: string }> {
    const channel = await this.channels.findByCode(code);
    if (!channel) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, `No active channel has the code ${code}`, code);
    if (!this.transports.canDeliver(code)) {
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, this.transports.unavailableReason(code), code);
    }
    return channel;
  }

  async list(actor: Actor, filter: MessageFilter, page: PageRequest<MessageSortField>): Promise<Page<MessageEntity>> {
    const query = this.visibleTo(actor);
    const customerId = customerFilterInScope(actor, filter.customer_id);
    if (customerId !== undefined) query.andWhere('m.customer_id = :customerId', { customerId });
    if (filter.contact !== undefined) query.andWhere('lower(m.contact) = lower(:contact)', { contact: filter.contact });
    if (filter.communication_channel_id !== undefined) {
      const channel = await this.channels.requireChannel(filter.communication_channel_id, 'communication_channel_id');
      query.andWhere('m.communication_channel_code = :code', { code: channel.code ?? -1 });
    }
    const from = optionalRequestDateTime(filter.send_time_from, 'send_time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.send_time_to, 'send_time_to', this.config.timeZone);
    if (from) query.andWhere('m.send_time >= :from', { from });
    if (to) query.andWhere('m.send_time <= :to', { to });
    return fetchPage(query, page, MESSAGE_SORT_COLUMNS, 'm.id', { defaultOrder: 'm.createdAt', oneRowPerRecord: true });
  }

  async get(actor: Actor, messageId: string): Promise<MessageEntity> {
    const message = await this.visibleTo(actor).andWhere('m.message_id = :messageId', { messageId }).getOne();
    return visibleRecord(actor, message, (found) => found.customerId, 'messages', messageId);
  }

  async detail(actor: Actor, messageId: string): Promise<MessageDetail> {
    const message = await this.get(actor, messageId);
    const attachments = await this.dataSource
      .getRepository(MessageAttachmentEntity)
      .find({ select: { fileName: true }, where: { messageId }, order: { position: 'ASC' } });
    return { message, attachmentNames: attachments.map((file) => file.fileName) };
  }

  /** The tracking pixel was loaded: the first time counts. Unknown tokens change nothing. */
  async recordOpen(trackingToken: string, userAgent: string | undefined, language: string | undefined): Promise<void> {
    await this.messages.query(
      `UPDATE messages SET opened_time = now(), mail_client_user_agent = $2, mail_client_language = $3, last_change = now()
        WHERE tracking_token = $1 AND opened_time IS NULL`,
      [trackingToken, userAgent?.slice(0, 1000) ?? null, language?.slice(0, 1000) ?? null],
    );
  }

  private async record(
    manager: EntityManager,
    message: SystemMessage | (Omit<SystemMessage, 'kind'> & { kind: MessageKind; files: AttachmentFile[]; status?: MessageStatus }),
  ): Promise<{ id: string; status: MessageStatus }> {
    const { template } = message;
    const rendered = renderTemplate(template, message.data);
    const inApp = template.channelCode === ChannelCode.InternalNotification;
    const explicit = 'status' in message ? message.status : undefined;
    // Storing an in-app notification is its delivery; everything else waits for the worker.
    const status = explicit ?? (inApp ? MessageStatus.Sent : MessageStatus.Queued);
    const id = newId();
    await manager.insert(MessageEntity, {
      id,
      kind: message.kind,
      templateId: template.id,
      customerId: message.customerId,
      channelCode: template.channelCode,
      contact: message.contact,
      status,
      sender: template.sender,
      // Without a subject (SMS), the title previews the text; messages carrying a secret keep it out of the title.
      title: rendered.title || (message.kind === 'message' ? previewOf(rendered.plainTextBody) : ''),
      plainTextBody: rendered.plainTextBody,
      htmlBody: rendered.htmlBody,
      messageData: message.data,
      nextAttemptAt: status === MessageStatus.Queued ? () => 'now()' : null,
      trackingToken: template.channelCode === ChannelCode.Email ? newSecret() : null,
      sendTime: status === MessageStatus.Sent ? () => 'now()' : null,
    });
    const files = 'files' in message ? message.files : [];
    if (files.length > 0) {
      await manager.insert(
        MessageAttachmentEntity,
        files.map((file, position) => ({
          messageId: id,
          position,
          fileName: file.fileName,
          contentType: file.contentType,
          content: file.content,
          keepUntil:
            file.cacheForMinutes === null ? null : () => `now() + make_interval(mins => ${Math.trunc(Number(file.cacheForMinutes))})`,
        })),
      );
    }
    return { id, status };
  }

  /** The Enterprise interface sees the messages sent through the API; the Customer interface its customer's own. */
  private visibleTo(actor: Actor): SelectQueryBuilder<MessageEntity> {
    const query = this.messages.createQueryBuilder('m').where('m.customer_id IS NOT NULL');
    if (actor.kind === 'api_user') query.andWhere(`m.kind = 'message'`);
    return query;
  }
}

/** The address the message goes to: the one given (which must fit the channel) or the customer's own. */
function contactFor(customer: CustomerContact, code: ChannelCode, given: string | undefined): string | null {
  if (code === ChannelCode.MobilePush || code === ChannelCode.InternalNotification) {
    if (given !== undefined) {
      throw CommonException.invalid(
        'message.contact',
        InvalidReason.NotAllowedValue,
        'Push and in-app messages go to the customer, not to a contact',
      );
    }
    return null;
  }
  const email = code === ChannelCode.Email;
  if (given !== undefined) return checkedContact(code, given, 'message.contact', 'contact');
  const stored = email ? customer.email : customer.phone;
  if (!stored) {
    const what = email ? 'an e-mail address' : 'a phone number';
    throw CommonException.invalid('message.contact', InvalidReason.Required, `The customer has no ${what}; give contact`);
  }
  return stored;
}
