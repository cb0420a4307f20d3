import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  HintAssignedResponseDto,
  HintCustomersDto,
  HintDefinitionDto,
  HintDefinitionListResponseDto,
  HintDefinitionResponseDto,
  HintUnassignedResponseDto,
} from '../dto/hint-definition.dto';
import { HintAssignmentService } from '../hint-assignment.service';
import { HintDefinitionRepository } from '../hint-definition.repository';

@OperatorResource('hints')
export class HintsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly hints: HintDefinitionRepository,
    private readonly assignments: HintAssignmentService,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Hints', description: "The contract's recommendations, active, hidden and deactivated, by name." })
  @ApiOkResponse({ type: HintDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('hints', await this.hints.list(query, toPageRequest(query, [])), (hint) => hint);
  }

  @Get(':hint_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One hint', description: 'By id, with how many customers it is assigned to. 404 when no hint has it.' })
  @ApiOkResponse({ type: HintDefinitionResponseDto })
  async show(@Param('hint_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.hints, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a hint', description: 'Its name and texts; assigned to nobody until assigned.' })
  @ApiCreatedResponse({ type: HintDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: HintDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.hints, body));
  }

  @Put(':hint_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a hint', description: 'Replaces the whole hint; the customers it is assigned to keep it.' })
  @ApiOkResponse({ type: HintDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('hint_id') key: string, @Body() body: HintDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.hints, key, body));
  }

  @Post(':hint_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate a hint', description: 'State 0: customers no longer see it; its assignments are kept.' })
  @ApiOkResponse({ type: HintDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('hint_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.hints, key, 0));
  }

  @Post(':hint_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a hint', description: 'State 1 again: shown to the customers it is assigned to.' })
  @ApiOkResponse({ type: HintDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('hint_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.hints, key, 1));
  }

  @Post(':hint_id/actions/assign')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Assign a hint to customers',
    description: 'To every customer named or, when one is unknown or deleted, to none (400 naming customer_id). Not a deactivated hint.',
  })
  @ApiOkResponse({ type: HintAssignedResponseDto })
  async assign(@OperatorWriter() actor: AuditActor, @Param('hint_id') key: string, @Body() body: HintCustomersDto) {
    return dataEnvelope(await this.assignments.assign(actor, key, body.customer_ids));
  }

  @Post(':hint_id/actions/unassign')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Take a hint from customers', description: 'From those named who have it; the answer names those who did not.' })
  @ApiOkResponse({ type: HintUnassignedResponseDto })
  async unassign(@OperatorWriter() actor: AuditActor, @Param('hint_id') key: string, @Body() body: HintCustomersDto) {
    return dataEnvelope(await this.assignments.unassign(actor, key, body.customer_ids));
  }
}
