import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { hashSecret, inTransaction, newSecret } from '@tessera/core';
import { CommonException, DeviceActor, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService, customerNotFound } from '../customers';
import { ChannelCode, CommunicationChannelService } from '../reference-data';
import { checkedContact, isEmailAddress } from './contact-formats';
import { MessageTemplateEntity } from './entities/message-template.entity';
import { PasswordSetupTokenEntity } from './entities/password-setup-token.entity';
import { MessageTemplateService } from './message-template.service';
import { MessageService } from './message.service';

/** Links one customer may be sent per hour; further requests are answered alike and send nothing. */
const LINKS_PER_HOUR = 5;

export interface PasswordSetupRequest {
  email?: string;
  communication_channel_id?: string;
  recipient?: string;
}

/**
 * Password-setup links: a single-use token, valid `TESSERA_PASSWORD_SETUP_TTL` and stored as its hash,
 * sent in a link to `TESSERA_PASSWORD_SETUP_URL`; the page there redeems it with the new password at
 * `POST /webservice/password-setup`. The answer never tells whether the contact belongs to a customer.
 */
@Injectable()
export class PasswordSetupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly messages: MessageService,
    private readonly templates: MessageTemplateService,
    private readonly channels: CommunicationChannelService,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(actor: DeviceActor, pathTokenId: string, request: PasswordSetupRequest): Promise<void> {
    if (pathTokenId !== actor.tokenId) throw CommonException.recordNotFound('tokens', pathTokenId);
    this.requireLinkUrl();
    const { code, recipient, field } = await this.target(request);
    await this.messages.requireDeliverableChannel(code, field === 'email' ? 'email' : 'communication_channel_id');
    const template = await this.linkTemplate(code, 'communication_channel_id');
    const account = await this.customers.findForLogin(code === ChannelCode.Email ? 'email' : 'phone', recipient);
    if (!account?.active) return;
    await this.sendLink(account.customerId, recipient, template);
  }

  /**
   * Queues a link to a live customer's e-mail address on an operator's request, in the caller's
   * transaction (with its audit row), under the same hourly limit as the customer's own requests;
   * answers whether a link was queued (false: the limit was reached). The caller asks for delivery
   * once it has committed (`deliverQueued`).
   */
  async sendToCustomer(customerId: string, manager: EntityManager): Promise<boolean> {
    this.requireLinkUrl();
    const contact = await this.customers.contactOf(customerId);
    if (!contact) throw customerNotFound(customerId, { inPath: true });
    if (!contact.email) throw CommonException.invalid('email', InvalidReason.Required, 'The customer has no e-mail address');
    await this.messages.requireDeliverableChannel(ChannelCode.Email, 'email');
    return this.queueLink(customerId, contact.email, await this.linkTemplate(ChannelCode.Email, 'email'), manager);
  }

  /** Wakes the message delivery for links queued in a transaction that has now committed. */
  deliverQueued(): void {
    this.messages.requestDelivery();
  }

  private requireLinkUrl(): void {
    if (!this.config.passwordSetupUrl)
      throw CommonException.operationNotAllowed('Password setup links are not configured for this project');
  }

  private async linkTemplate(code: ChannelCode, field: string): Promise<MessageTemplateEntity> {
    const template = await this.templates.defaultFor('password_setup', code);
    if (!template) {
      throw CommonException.invalid(
        field,
        InvalidReason.NotAllowedValue,
        'The project has no password-setup template for this channel',
        code,
      );
    }
    return template;
  }

  /** Records the link's message and token, and wakes the delivery once they are committed. */
  private async sendLink(customerId: string, recipient: string, template: MessageTemplateEntity): Promise<boolean> {
    const sent = await this.queueLink(customerId, recipient, template);
    if (sent) this.messages.requestDelivery();
    return sent;
  }

  /** Records the link's message and token unless the customer had too many links this hour; answers whether it did. */
  private async queueLink(customerId: string, recipient: string, template: MessageTemplateEntity, outer?: EntityManager): Promise<boolean> {
    const token = newSecret();
    return inTransaction(this.dataSource, outer, async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`password-setup:${customerId}`]);
      const [recent]: { links: number }[] = await manager.query(
        `SELECT count(*)::int AS links FROM password_setup_tokens WHERE customer_id = $1 AND created_at > now() - interval '1 hour'`,
        [customerId],
      );
      if (recent.links >= LINKS_PER_HOUR) return false;
      const messageId = await this.messages.recordSystemMessage(manager, {
        kind: 'password_setup',
        template,
        customerId,
        contact: recipient,
        data: [
          { parameter_name: 'link', value: this.linkFor(token) },
          { parameter_name: 'valid_hours', value: String(Math.max(1, Math.round(this.config.passwordSetupTtlSeconds / 3600))) },
        ],
      });
      await manager.insert(PasswordSetupTokenEntity, {
        tokenHash: hashSecret(token),
        customerId,
        messageId,
        expiresAt: () => `now() + make_interval(secs => ${Math.trunc(this.config.passwordSetupTtlSeconds)})`,
      });
      return true;
    });
  }

  /** Sets the password of the link's customer; the link and every other open link of the customer are used up. */
  async redeem(token: string, password: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const link = await manager.findOne(PasswordSetupTokenEntity, {
        where: { tokenHash: hashSecret(token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) {
        throw CommonException.invalid('token', InvalidReason.NotAllowedValue, 'The link is unknown, expired or used already');
      }
      await this.customers.setPassword(link.customerId, password, 'password', manager);
      await manager.query(`UPDATE password_setup_tokens SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [link.customerId]);
    });
  }

  /** The channel and contact the request names: the deprecated `email`, or a channel with a recipient. */
  private async target(request: PasswordSetupRequest): Promise<{ code: ChannelCode; recipient: string; field: string }> {
    if (request.communication_channel_id === undefined && request.recipient === undefined) {
      if (request.email === undefined) {
        throw CommonException.invalid(
          'communication_channel_id',
          InvalidReason.Required,
          'Give communication_channel_id and recipient (or email)',
        );
      }
      if (!isEmailAddress(request.email))
        throw CommonException.invalid('email', InvalidReason.InvalidValueFormat, 'email is not an e-mail address', request.email);
      return { code: ChannelCode.Email, recipient: request.email, field: 'email' };
    }
    if (request.communication_channel_id === undefined) {
      throw CommonException.invalid(
        'communication_channel_id',
        InvalidReason.Required,
        'communication_channel_id is required with recipient',
      );
    }
    if (request.recipient === undefined)
      throw CommonException.invalid('recipient', InvalidReason.Required, 'recipient is required with communication_channel_id');
    const channel = await this.channels.requireChannel(request.communication_channel_id, 'communication_channel_id');
    if (channel.code === ChannelCode.Email || channel.code === ChannelCode.Sms) {
      const recipient = checkedContact(channel.code, request.recipient, 'recipient', 'For this channel the recipient');
      return { code: channel.code, recipient, field: 'recipient' };
    }
    throw CommonException.invalid(
      'communication_channel_id',
      InvalidReason.NotAllowedValue,
      'Password setup links go by e-mail or SMS',
      request.communication_channel_id,
    );
  }

  private linkFor(token: string): string {
    const page = this.config.passwordSetupUrl;
    if (page.includes('{token}')) return page.replace('{token}', token);
    return `${page}${page.includes('?') ? '&' : '?'}token=${token}`;
  }
}
