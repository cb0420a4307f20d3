import { Body, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { MailingInputDto, MailingReportResponseDto } from '../dto/mailing.dto';
import { MailingService } from '../mailing.service';

/** Sending a message template to an audience, and the delivery report of what was sent. */
@OperatorResource('mailings')
export class MailingsOperatorController {
  constructor(private readonly mailings: MailingService) {}

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Send a template to an audience',
    description:
      "Queues one message per member of the audience's segments (each customer once) who consented to the template's channel " +
      '(unless the template is consent-free) and has the address it needs; answers the mailing with its counts.',
  })
  @ApiCreatedResponse({ type: MailingReportResponseDto })
  async send(@OperatorWriter() actor: AuditActor, @Body() body: MailingInputDto) {
    return dataEnvelope(await this.mailings.send(actor, body));
  }

  @Get(':mailing_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One mailing', description: 'Its counts and its messages by their state now. 404 when no mailing has the id.' })
  @ApiOkResponse({ type: MailingReportResponseDto })
  async show(@Param('mailing_id') mailingId: string) {
    return dataEnvelope(await this.mailings.report(mailingId));
  }
}
