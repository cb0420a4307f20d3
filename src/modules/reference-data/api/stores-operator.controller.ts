import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { StoreDefinitionDto, StoreDefinitionListResponseDto, StoreDefinitionResponseDto } from '../dto/store-definition.dto';
import { StoreDefinitionRepository } from '../store-definition.repository';

@OperatorResource('stores')
export class StoresOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly stores: StoreDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Stores', description: 'Stores, active and deactivated, by store code, with the store groups each belongs to.' })
  @ApiOkResponse({ type: StoreDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('stores', await this.stores.list(query, toPageRequest(query, [])), (store) => store);
  }

  @Get(':store_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One store', description: 'By id or store code. 404 when neither names a store.' })
  @ApiOkResponse({ type: StoreDefinitionResponseDto })
  async show(@Param('store_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.stores, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a store',
    description: 'A store code no other store has, an active partner, the POS system and the store groups it belongs to.',
  })
  @ApiCreatedResponse({ type: StoreDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: StoreDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.stores, body));
  }

  @Put(':store_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a store',
    description: 'Replaces every field and its store groups; fields left out are cleared. Purchases and cards keep pointing at it.',
  })
  @ApiOkResponse({ type: StoreDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('store_key') key: string, @Body() body: StoreDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.stores, key, body));
  }

  @Post(':store_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a store',
    description: 'State 0: kept for the purchases, cards and vouchers that name it; new cards, vouchers and loyalty rules may not name it.',
  })
  @ApiOkResponse({ type: StoreDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('store_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.stores, key, 0));
  }

  @Post(':store_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a store', description: 'State 1 again.' })
  @ApiOkResponse({ type: StoreDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('store_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.stores, key, 1));
  }
}
