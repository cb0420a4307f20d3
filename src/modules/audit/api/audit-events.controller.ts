import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditTrail } from '../audit-trail.service';
import { AuditEventListQueryDto, AuditEventListResponseDto } from '../dto/audit-event.dto';
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
}
