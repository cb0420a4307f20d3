import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { channelRecipientsSql } from '../customers';
import { ChannelCode } from '../reference-data';
import { segmentsMembersSql } from '../segments';
import { MessageParameter, MessageTemplateEntity } from './entities/message-template.entity';
import { MessageStatus } from './entities/message.entity';
import { RenderedContent } from './template-rendering';

/** A mailing to write: the same rendered template for every member of the segments. */
export interface NewMailing {
  id: string;
  audienceId: string;
  segmentIds: string[];
  template: MessageTemplateEntity;
  channelId: string;
  content: RenderedContent;
  data: MessageParameter[];
  /** Queued for the delivery worker, or sent already where storing the message is its delivery (in-app). */
  status: MessageStatus.Queued | MessageStatus.Sent;
}

/** What a send found: every member once, and where each went. */
export interface MailingCounts {
  member_count: number;
  skipped_without_consent: number;
  skipped_without_contact: number;
  queued_count: number;
}

export interface MailingReport extends MailingCounts {
  mailing_id: string;
  audience_id: string;
  message_template_id: string;
  communication_channel_id: number;
  created_at: string;
  /** The mailing's messages by their state now. */
  delivery: { waiting: number; sent: number; failed: number; bounced: number; opened: number };
}

interface ReportRow extends MailingCounts {
  mailing_id: string;
  audience_id: string;
  message_template_id: string;
  communication_channel_code: number;
  created_at: Date;
  waiting: number;
  sent: number;
  failed: number;
  bounced: number;
  opened: number;
}

/** The customer's own address for the channel; push and in-app messages go to the customer, not to an address. */
function contactColumn(code: ChannelCode): string | null {
  if (code === ChannelCode.Email) return `NULLIF(r.email, '')`;
  if (code === ChannelCode.Sms) return `NULLIF(r.phone, '')`;
  return null;
}

/** Mailings and the messages they queue. */
@Injectable()
export class MailingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Queues one message per member (each customer once, however many of the segments they are in) who
   * consented to the channel, unless the template is consent-free, and has the address it needs, and
   * records the mailing with its counts: one statement, whatever the audience's size.
   */
  async insert(manager: EntityManager, mailing: NewMailing): Promise<MailingCounts> {
    const { template, content } = mailing;
    const contact = contactColumn(template.channelCode);
    const [counts] = await manager.query<MailingCounts[]>(
      `WITH recipients AS (
         SELECT r.customer_id, (r.consented OR $4::boolean) AS consented, ${contact ?? 'NULL::text'} AS contact
           FROM (${channelRecipientsSql(segmentsMembersSql('$2'), '$3')}) r
       ),
       queued AS (
         INSERT INTO messages (message_id, kind, message_template_id, customer_id, communication_channel_code, contact, status, sender,
                               title, plain_text_body, html_body, message_data, next_attempt_at, tracking_token, send_time, mailing_id)
         SELECT replace(gen_random_uuid()::text, '-', ''), 'message', $5, customer_id, $6::smallint, contact, $7::smallint, $8,
                $9, $10, $11, $12::jsonb,
                CASE WHEN $7::smallint = ${MessageStatus.Queued} THEN now() END,
                CASE WHEN $6::smallint = ${ChannelCode.Email}
                     THEN replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') END,
                CASE WHEN $7::smallint = ${MessageStatus.Sent} THEN now() END,
                $1
           FROM recipients WHERE consented ${contact ? 'AND contact IS NOT NULL' : ''}
         RETURNING 1
       ),
       found AS (
         SELECT count(*)::int AS members, count(*) FILTER (WHERE NOT consented)::int AS without_consent,
                count(*) FILTER (WHERE consented ${contact ? 'AND contact IS NULL' : 'AND false'})::int AS without_contact
           FROM recipients
       )
       INSERT INTO mailings (mailing_id, audience_id, message_template_id, communication_channel_code,
                             member_count, skipped_without_consent, skipped_without_contact, queued_count)
       SELECT $1, $13, $5, $6::smallint, members, without_consent, without_contact, (SELECT count(*)::int FROM queued) FROM found
       RETURNING member_count, skipped_without_consent, skipped_without_contact, queued_count`,
      [
        mailing.id,
        mailing.segmentIds,
        mailing.channelId,
        template.consentFree,
        template.id,
        template.channelCode,
        mailing.status,
        template.sender,
        content.title,
        content.plainTextBody,
        content.htmlBody,
        JSON.stringify(mailing.data),
        mailing.audienceId,
      ],
    );
    return counts;
  }

  /** The mailing with its messages counted by state, in one query; null when no mailing has the id. */
  async report(mailingId: string): Promise<MailingReport | null> {
    const [row] = await this.dataSource.query<ReportRow[]>(
      `SELECT ml.mailing_id, ml.audience_id, ml.message_template_id, ml.communication_channel_code, ml.created_at,
              ml.member_count, ml.skipped_without_consent, ml.skipped_without_contact, ml.queued_count,
              count(m.message_id) FILTER (WHERE m.status IN (${MessageStatus.Queued}, ${MessageStatus.RetryWaiting}))::int AS waiting,
              count(m.message_id) FILTER (WHERE m.status = ${MessageStatus.Sent})::int AS sent,
              count(m.message_id) FILTER (WHERE m.status = ${MessageStatus.Failed})::int AS failed,
              count(m.message_id) FILTER (WHERE m.status IN (${MessageStatus.Rejected}, ${MessageStatus.SoftBounce}))::int AS bounced,
              count(m.opened_time)::int AS opened
         FROM mailings ml LEFT JOIN messages m ON m.mailing_id = ml.mailing_id
        WHERE ml.mailing_id = $1
        GROUP BY ml.mailing_id`,
      [mailingId],
    );
    if (!row) return null;
    return {
      mailing_id: row.mailing_id,
      audience_id: row.audience_id,
      message_template_id: row.message_template_id,
      communication_channel_id: row.communication_channel_code,
      created_at: new Date(row.created_at).toISOString(),
      member_count: row.member_count,
      skipped_without_consent: row.skipped_without_consent,
      skipped_without_contact: row.skipped_without_contact,
      queued_count: row.queued_count,
      delivery: { waiting: row.waiting, sent: row.sent, failed: row.failed, bounced: row.bounced, opened: row.opened },
    };
  }
}
