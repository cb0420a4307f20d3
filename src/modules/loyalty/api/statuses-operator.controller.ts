import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { StatusDefinitionDto, StatusDefinitionListResponseDto, StatusDefinitionResponseDto } from '../dto/status-definition.dto';
import { StatusDefinitionRepository } from '../status-definition.repository';

@OperatorResource('statuses')
export class StatusesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly statuses: StatusDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Statuses', description: 'Status tiers with their qualification, active and deactivated, lowest tier first.' })
  @ApiOkResponse({ type: StatusDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('statuses', await this.statuses.list(query, toPageRequest(query, [])), (status) => status);
  }

  @Get(':status_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One status', description: 'By id or text id, as a body `PUT` takes back. 404 when neither names a status.' })
  @ApiOkResponse({ type: StatusDefinitionResponseDto })
  async show(@Param('status_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.statuses, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a status',
    description:
      'A tier no other status has, how it is reached (turnover per currency, points or a number of purchases, within a period), the grace days before its holders move down, and its point rights.',
  })
  @ApiCreatedResponse({ type: StatusDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: StatusDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.statuses, body));
  }

  @Put(':status_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a status',
    description: 'Replaces it with its turnover thresholds; customers holding it keep it, and the next evaluation uses the new conditions.',
  })
  @ApiOkResponse({ type: StatusDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('status_key') key: string, @Body() body: StatusDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.statuses, key, body));
  }

  @Post(':status_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a status',
    description:
      'State 0: customers holding it keep their record, but evaluation and new accounts no longer give it; it leaves the tier chain.',
  })
  @ApiOkResponse({ type: StatusDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('status_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.statuses, key, 0));
  }

  @Post(':status_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a status', description: 'State 1 again, back in the tier chain.' })
  @ApiOkResponse({ type: StatusDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('status_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.statuses, key, 1));
  }
}
