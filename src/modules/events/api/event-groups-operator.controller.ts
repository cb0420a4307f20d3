import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  EventGroupDefinitionDto,
  EventGroupDefinitionListResponseDto,
  EventGroupDefinitionResponseDto,
} from '../dto/event-group-definition.dto';
import { EventGroupDefinitionRepository } from '../event-group-definition.repository';

@OperatorResource('event-groups')
export class EventGroupsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly groups: EventGroupDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Event groups', description: 'Active, inactive and deactivated, by text id, with how many types each has.' })
  @ApiOkResponse({ type: EventGroupDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('event_groups', await this.groups.list(query, toPageRequest(query, [])), (group) => group);
  }

  @Get(':event_group_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One event group', description: 'By id or text id. 404 when neither names a group.' })
  @ApiOkResponse({ type: EventGroupDefinitionResponseDto })
  async show(@Param('event_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.groups, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create an event group', description: 'A text id no other group has, and a name.' })
  @ApiCreatedResponse({ type: EventGroupDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: EventGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.groups, body));
  }

  @Put(':event_group_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change an event group', description: 'Replaces its text id, name and state; its types stay in it.' })
  @ApiOkResponse({ type: EventGroupDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('event_group_key') key: string, @Body() body: EventGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.groups, key, body));
  }

  @Post(':event_group_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an event group',
    description: 'State 0, once none of its types is active: no new type may join it. 400 naming event_group_id while it has types.',
  })
  @ApiOkResponse({ type: EventGroupDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('event_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 0));
  }

  @Post(':event_group_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an event group', description: 'State 1 again.' })
  @ApiOkResponse({ type: EventGroupDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('event_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 1));
  }
}
