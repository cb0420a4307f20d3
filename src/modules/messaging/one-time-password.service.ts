import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashSecret, newSecret } from '@tessera/core';
import { CommonException, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ExternalApplicationService } from '../auth';
import { CustomerAccountService } from '../customers';
import { ChannelCode } from '../reference-data';
import { checkedContact } from './contact-formats';
import { MessageTemplateEntity } from './entities/message-template.entity';
import { OneTimePasswordEntity } from './entities/one-time-password.entity';
import { MessageTemplateService } from './message-template.service';
import { MessageService } from './message.service';
import { MessagingException } from './messaging.exceptions';

/** Failed verifications after which a one-time password is used up. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** One-time passwords one recipient may be sent per `OTP_SEND_WINDOW_SECONDS`. */
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_SECONDS = 3600;

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I). */
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DIGITS = '0123456789';

export interface SendOtpInput {
  external_application_id: string;
  communication_channel_id: ChannelCode;
  recipient: string;
  otp_type?: 1 | 2;
  message_template_id?: string;
}

export interface VerifyOtpInput {
  verification_code: string;
  request_id: string;
  external_application_id: string;
}

/**
 * One-time passwords: a random code sent through the message queue (no marketing consent needed),
 * valid `TESSERA_OTP_TTL`, usable once, used up by five wrong guesses. Only hashes are stored.
 */
@Injectable()
export class OneTimePasswordService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly messages: MessageService,
    private readonly templates: MessageTemplateService,
    private readonly applications: ExternalApplicationService,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends a code and answers the request id that verifying it needs. */
  async send(input: SendOtpInput): Promise<string> {
    const code = input.communication_channel_id;
    await this.applications.requireActiveIn('external_application_id', input.external_application_id);
    await this.messages.requireDeliverableChannel(code, 'communication_channel_id');
    const template = await this.templateFor(code, input.message_template_id);
    const recipient = await this.checkedRecipient(code, input.recipient);
    const requestId = newSecret();
    const otp = generateCode(input.otp_type === 2 ? DIGITS : ALPHANUMERIC, this.config.otpLength);
    const validMinutes = Math.max(1, Math.round(this.config.otpTtlSeconds / 60));
    await this.dataSource.transaction(async (manager) => {
      // One recipient's sends queue up here, so the count below cannot be raced past.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`one-time-password:${recipient}`]);
      const [recent]: { sends: number; oldest: Date | null }[] = await manager.query(
        `SELECT count(*)::int AS sends, min(created_at) AS oldest FROM one_time_passwords
          WHERE recipient = $1 AND created_at > now() - make_interval(secs => $2)`,
        [recipient, OTP_SEND_WINDOW_SECONDS],
      );
      if (recent.sends >= OTP_SENDS_PER_WINDOW && recent.oldest) {
        const retryAfter = Math.ceil((recent.oldest.getTime() + OTP_SEND_WINDOW_SECONDS * 1000 - Date.now()) / 1000);
        throw MessagingException.recipientThrottled(Math.max(1, retryAfter));
      }
      const toCustomer = code === ChannelCode.MobilePush || code === ChannelCode.InternalNotification;
      const messageId = await this.messages.recordSystemMessage(manager, {
        kind: 'one_time_password',
        template,
        customerId: toCustomer ? recipient : null,
        contact: toCustomer ? null : recipient,
        data: [
          { parameter_name: 'code', value: otp },
          { parameter_name: 'valid_minutes', value: String(validMinutes) },
        ],
      });
      await manager.insert(OneTimePasswordEntity, {
        requestHash: hashSecret(requestId),
        applicationId: input.external_application_id,
        channelCode: code,
        recipient,
        codeHash: codeHash(requestId, otp),
        messageId,
        expiresAt: () => `now() + make_interval(secs => ${Math.trunc(this.config.otpTtlSeconds)})`,
      });
    });
    this.messages.requestDelivery();
    return requestId;
  }

  /**
   * False for a wrong, expired, used-up or unknown code, or one sent for another application; an
   * application that does not exist is a 400, as in `send`.
   */
  async verify(input: VerifyOtpInput): Promise<boolean> {
    await this.applications.requireActiveIn('external_application_id', input.external_application_id);
    return this.dataSource.transaction(async (manager) => {
      const otp = await manager.findOne(OneTimePasswordEntity, {
        where: { requestHash: hashSecret(input.request_id) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!otp || otp.applicationId !== input.external_application_id) return false;
      if (otp.usedAt || otp.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS || otp.expiresAt.getTime() <= Date.now()) return false;
      const given = Buffer.from(codeHash(input.request_id, input.verification_code.trim().toUpperCase()), 'hex');
      if (timingSafeEqual(given, Buffer.from(otp.codeHash, 'hex'))) {
        await manager.update(OneTimePasswordEntity, { requestHash: otp.requestHash }, { usedAt: () => 'now()' });
        return true;
      }
      await manager.update(OneTimePasswordEntity, { requestHash: otp.requestHash }, { failedAttempts: () => 'failed_attempts + 1' });
      return false;
    });
  }

  private async templateFor(code: ChannelCode, templateId: string | undefined): Promise<MessageTemplateEntity> {
    if (templateId === undefined) {
      const template = await this.templates.defaultFor('one_time_password', code);
      if (!template) {
        throw CommonException.invalid(
          'message_template_id',
          InvalidReason.Required,
          'The project has no default one-time-password template for this channel',
        );
      }
      return template;
    }
    const template = await this.templates.requireIn('message_template_id', templateId);
    if (template.channelCode !== code) {
      throw CommonException.invalid(
        'message_template_id',
        InvalidReason.NotAllowedValue,
        `The template is for channel ${template.channelCode}, not ${code}`,
        templateId,
      );
    }
    return template;
  }

  /** The recipient in the form the channel needs (e-mail addresses in lower case), or a 400 naming `recipient`. */
  private async checkedRecipient(code: ChannelCode, recipient: string): Promise<string> {
    if (code === ChannelCode.Email || code === ChannelCode.Sms) {
      const contact = checkedContact(code, recipient, 'recipient', 'For this channel the recipient');
      return code === ChannelCode.Email ? contact.toLowerCase() : contact;
    }
    if (!/^[0-9a-f]{1,32}$/.test(recipient)) {
      throw CommonException.invalid(
        'recipient',
        InvalidReason.InvalidValueFormat,
        'For this channel the recipient must be a customer id',
        recipient,
      );
    }
    if (!(await this.customers.contactOf(recipient))) {
      throw CommonException.invalid('recipient', InvalidReason.NotFound, 'No customer has this id', recipient);
    }
    return recipient;
  }
}

function generateCode(alphabet: string, length: number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Salted with the request id, which is itself stored only as a hash. */
function codeHash(requestId: string, code: string): string {
  return createHash('sha256').update(`${requestId}:${code}`).digest('hex');
}
