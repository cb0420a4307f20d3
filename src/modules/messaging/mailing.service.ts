import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import { CommonException, InvalidReason } from '@tessera/http';
import { AuditActor, AuditTrail } from '../audit';
import { AudienceDefinitionRepository } from '../campaigns';
import { ChannelCode } from '../reference-data';
import { DeliveryRequests } from './delivery/delivery-requests';
import { MessageParameter } from './entities/message-template.entity';
import { MessageStatus } from './entities/message.entity';
import { MailingReport, MailingRepository } from './mailing.repository';
import { MessageTemplateService } from './message-template.service';
import { MessageService } from './message.service';
import { previewOf, renderTemplate } from './template-rendering';

export interface MailingInput {
  audience_id: string;
  message_template_id: string;
  message_data?: MessageParameter[];
}

/**
 * Mailings: a template sent to every member of an audience (the customers in any of its segments) who
 * consented to the template's channel. Everything is checked before the one transaction that queues
 * the messages, records the mailing and audits it; the delivery worker takes the messages from there.
 */
@Injectable()
export class MailingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly audiences: AudienceDefinitionRepository,
    private readonly templates: MessageTemplateService,
    private readonly messages: MessageService,
    private readonly mailings: MailingRepository,
    private readonly deliveries: DeliveryRequests,
  ) {}

  async send(actor: AuditActor, input: MailingInput): Promise<MailingReport> {
    const audience = await this.audiences.find(input.audience_id, this.dataSource.manager);
    if (!audience) throw CommonException.invalid('audience_id', InvalidReason.NotFound, 'No audience has this id', input.audience_id);
    if (audience.state !== 1) {
      throw CommonException.invalid('audience_id', InvalidReason.NotAllowedValue, 'The audience is deactivated', input.audience_id);
    }
    if (audience.segment_ids.length === 0) {
      throw CommonException.invalid('audience_id', InvalidReason.NotAllowedValue, 'The audience targets no segments', input.audience_id);
    }
    const template = await this.templates.requireIn('message_template_id', input.message_template_id);
    const channel = await this.messages.requireDeliverableChannel(template.channelCode, 'message_template_id');
    // The audience was defined for one channel: its members' consents were asked for that one.
    if (channel.id !== audience.communication_channel_id) {
      throw CommonException.invalid(
        'message_template_id',
        InvalidReason.NotAllowedValue,
        `The template is for channel ${template.channelCode}, the audience for ${audience.communication_channel_text_id}`,
        input.message_template_id,
      );
    }
    const data = input.message_data ?? [];
    const rendered = renderTemplate(template, data);
    // Without a subject (SMS), the title previews the text, as for a single message.
    const content = { ...rendered, title: rendered.title || previewOf(rendered.plainTextBody) };
    // Storing an in-app notification is its delivery; everything else waits for the worker.
    const status = template.channelCode === ChannelCode.InternalNotification ? MessageStatus.Sent : MessageStatus.Queued;
    const id = newId();
    const counts = await this.audit.audited(actor, async (manager) => {
      const found = await this.mailings.insert(manager, {
        id,
        audienceId: audience.audience_id,
        segmentIds: audience.segment_ids,
        template,
        channelId: channel.id,
        content,
        data,
        status,
      });
      return {
        value: found,
        targetType: 'mailing',
        targetId: id,
        after: { audience_id: audience.audience_id, message_template_id: template.id, ...found },
      };
    });
    if (status === MessageStatus.Queued && counts.queued_count > 0) this.deliveries.request();
    return this.report(id);
  }

  async report(mailingId: string): Promise<MailingReport> {
    const report = await this.mailings.report(mailingId);
    if (!report) throw CommonException.recordNotFound('mailings', mailingId);
    return report;
  }
}
