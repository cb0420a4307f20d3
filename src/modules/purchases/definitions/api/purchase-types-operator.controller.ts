import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  PurchaseTypeDefinitionDto,
  PurchaseTypeDefinitionListResponseDto,
  PurchaseTypeDefinitionResponseDto,
} from '../dto/purchase-type-definition.dto';
import { PurchaseTypeDefinitionRepository } from '../purchase-type-definition.repository';

@OperatorResource('purchase-types')
export class PurchaseTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly purchaseTypes: PurchaseTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Purchase types', description: 'Purchase types, active and deactivated, by text id.' })
  @ApiOkResponse({ type: PurchaseTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('purchase_types', await this.purchaseTypes.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':purchase_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One purchase type', description: 'By id or text id. 404 when neither names a purchase type.' })
  @ApiOkResponse({ type: PurchaseTypeDefinitionResponseDto })
  async show(@Param('purchase_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.purchaseTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a purchase type', description: 'A text id no other purchase type has, and its name.' })
  @ApiCreatedResponse({ type: PurchaseTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PurchaseTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.purchaseTypes, body));
  }

  @Put(':purchase_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a purchase type',
    description: 'Replaces its text id and name; purchases keep pointing at it.',
  })
  @ApiOkResponse({ type: PurchaseTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('purchase_type_key') key: string, @Body() body: PurchaseTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.purchaseTypes, key, body));
  }

  @Post(':purchase_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a purchase type',
    description: 'State 0: kept for the purchases that name it, refused for new ones.',
  })
  @ApiOkResponse({ type: PurchaseTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('purchase_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.purchaseTypes, key, 0));
  }

  @Post(':purchase_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a purchase type', description: 'State 1 again.' })
  @ApiOkResponse({ type: PurchaseTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('purchase_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.purchaseTypes, key, 1));
  }
}
