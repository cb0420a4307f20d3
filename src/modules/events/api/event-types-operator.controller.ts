import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  EventTypeDefinitionDto,
  EventTypeDefinitionListResponseDto,
  EventTypeDefinitionResponseDto,
} from '../dto/event-type-definition.dto';
import { EventTypeDefinitionRepository } from '../event-type-definition.repository';

@OperatorResource('event-types')
export class EventTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly types: EventTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Event types', description: 'Active, inactive and deactivated, by text id, with the properties each allows.' })
  @ApiOkResponse({ type: EventTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('event_types', await this.types.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':event_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One event type', description: 'By id or text id. 404 when neither names a type.' })
  @ApiOkResponse({ type: EventTypeDefinitionResponseDto })
  async show(@Param('event_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.types, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create an event type',
    description: 'A text id no other type has, a name, its group (id or text id) and the properties its events may carry.',
  })
  @ApiCreatedResponse({ type: EventTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: EventTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.types, body));
  }

  @Put(':event_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change an event type', description: 'Replaces it and the whole set of properties it allows; its events stay.' })
  @ApiOkResponse({ type: EventTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('event_type_key') key: string, @Body() body: EventTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.types, key, body));
  }

  @Post(':event_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an event type',
    description:
      'State 0: events can no longer be sent with it, and those it has stay. The types code writes (purchase, purchase_cancellation) are refused.',
  })
  @ApiOkResponse({ type: EventTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('event_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.types, key, 0));
  }

  @Post(':event_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an event type', description: 'State 1 again.' })
  @ApiOkResponse({ type: EventTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('event_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.types, key, 1));
  }
}
