import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  EventPropertyDefinitionDto,
  EventPropertyDefinitionListResponseDto,
  EventPropertyDefinitionResponseDto,
} from '../dto/event-property-definition.dto';
import { EventPropertyDefinitionRepository } from '../event-property-definition.repository';

@OperatorResource('event-properties')
export class EventPropertiesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly properties: EventPropertyDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Event properties',
    description: 'Active and deactivated, by property id, with their active items and the event types that allow each.',
  })
  @ApiOkResponse({ type: EventPropertyDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('event_properties', await this.properties.list(query, toPageRequest(query, [])), (property) => property);
  }

  @Get(':property_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One event property', description: 'By its property id, in any state. 404 when none has it.' })
  @ApiOkResponse({ type: EventPropertyDefinitionResponseDto })
  async show(@Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.properties, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create an event property',
    description: 'A property id no other event property has, a name, a data type, and items exactly for enum and multiselect.',
  })
  @ApiCreatedResponse({ type: EventPropertyDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: EventPropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.properties, body));
  }

  @Put(':property_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change an event property',
    description:
      'Replaces the whole definition; items left out are deactivated, the id stays, and the data type changes only while no event has a value.',
  })
  @ApiOkResponse({ type: EventPropertyDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string, @Body() body: EventPropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.properties, key, body));
  }

  @Post(':property_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an event property',
    description: 'State 0: events can no longer carry it and no event type may newly allow it; the values events have stay.',
  })
  @ApiOkResponse({ type: EventPropertyDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 0));
  }

  @Post(':property_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an event property', description: 'State 1 again.' })
  @ApiOkResponse({ type: EventPropertyDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 1));
  }
}
