import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  PurchaseItemTypeDefinitionDto,
  PurchaseItemTypeDefinitionListResponseDto,
  PurchaseItemTypeDefinitionResponseDto,
} from '../dto/purchase-type-definition.dto';
import { PurchaseItemTypeDefinitionRepository } from '../purchase-type-definition.repository';

@OperatorResource('purchase-item-types')
export class PurchaseItemTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly itemTypes: PurchaseItemTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Purchase item types',
    description: 'Purchase item types, active and deactivated, by text id, with the flags loyalty reads.',
  })
  @ApiOkResponse({ type: PurchaseItemTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('purchase_item_types', await this.itemTypes.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':purchase_item_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One purchase item type', description: 'By id or text id. 404 when neither names a purchase item type.' })
  @ApiOkResponse({ type: PurchaseItemTypeDefinitionResponseDto })
  async show(@Param('purchase_item_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.itemTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a purchase item type',
    description: 'A text id no other item type has, its name and what loyalty does with items of the type.',
  })
  @ApiCreatedResponse({ type: PurchaseItemTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PurchaseItemTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.itemTypes, body));
  }

  @Put(':purchase_item_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a purchase item type',
    description: 'Replaces its text id, name and flags; purchases closed already keep what they earned.',
  })
  @ApiOkResponse({ type: PurchaseItemTypeDefinitionResponseDto })
  async change(
    @OperatorWriter() actor: AuditActor,
    @Param('purchase_item_type_key') key: string,
    @Body() body: PurchaseItemTypeDefinitionDto,
  ) {
    return dataEnvelope(await this.lifecycle.change(actor, this.itemTypes, key, body));
  }

  @Post(':purchase_item_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a purchase item type',
    description: 'State 0: kept for the purchase items that name it, no longer listed for new ones.',
  })
  @ApiOkResponse({ type: PurchaseItemTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('purchase_item_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.itemTypes, key, 0));
  }

  @Post(':purchase_item_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a purchase item type', description: 'State 1 again.' })
  @ApiOkResponse({ type: PurchaseItemTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('purchase_item_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.itemTypes, key, 1));
  }
}
