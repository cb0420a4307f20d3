import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CommonException, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditTrail } from '../audit-trail.service';
import { AuditEventListQueryDto, AuditEventListResponseDto, AuditEventResponseDto } from '../dto/audit-event.dto';
import { toAuditEventDto, toAuditFilter } from '../audit.mapper';

@OperatorResource('audit-events')
export class AuditEventsController {
  constructor(private readonly audit: AuditTrail) {}

  @Get()
  @OperatorAccess('audit:read')
  @ApiOperation({
    summary: 'The audit trail',
    description: 'Writes made through the operator API, the console and the CLI, newest first, filtered by target, user and time.',
  })
  @ApiOkResponse({ type: AuditEventListResponseDto })
  async list(@Query() query: AuditEventListQueryDto) {
    return listEnvelope('audit_events', await this.audit.list(toAuditFilter(query), toPageRequest(query, [])), toAuditEventDto);
  }

  @Get(':audit_event_id')
  @OperatorAccess('audit:read')
  @ApiOperation({
    summary: 'One write of the audit trail',
    description: 'With the record before and after it. 404 when the id names none.',
  })
  @ApiOkResponse({ type: AuditEventResponseDto })
  async show(@Param('audit_event_id') id: string) {
    const event = await this.audit.find(id);
    if (!event) throw CommonException.recordNotFound('audit-events', id);
    return dataEnvelope(toAuditEventDto(event));
  }
}
