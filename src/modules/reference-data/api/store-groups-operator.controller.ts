import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  StoreGroupDefinitionDto,
  StoreGroupDefinitionListResponseDto,
  StoreGroupDefinitionResponseDto,
} from '../dto/store-group-definition.dto';
import { StoreGroupDefinitionRepository } from '../store-group-definition.repository';

@OperatorResource('store-groups')
export class StoreGroupsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly groups: StoreGroupDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Store groups', description: 'Store groups, active and deactivated, by name.' })
  @ApiOkResponse({ type: StoreGroupDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('store_groups', await this.groups.list(query, toPageRequest(query, [])), (group) => group);
  }

  @Get(':store_group_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One store group', description: 'By id. 404 when it names no store group.' })
  @ApiOkResponse({ type: StoreGroupDefinitionResponseDto })
  async show(@Param('store_group_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.groups, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a store group', description: 'A store group by its name; stores join it through their own definition.' })
  @ApiCreatedResponse({ type: StoreGroupDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: StoreGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.groups, body));
  }

  @Put(':store_group_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a store group', description: 'Renames it; its stores stay in it.' })
  @ApiOkResponse({ type: StoreGroupDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('store_group_id') key: string, @Body() body: StoreGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.groups, key, body));
  }

  @Post(':store_group_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate a store group', description: 'State 0: its stores stay in it, but no store joins it anew.' })
  @ApiOkResponse({ type: StoreGroupDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('store_group_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 0));
  }

  @Post(':store_group_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a store group', description: 'State 1 again.' })
  @ApiOkResponse({ type: StoreGroupDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('store_group_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 1));
  }
}
