import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  PurchasePropertyDefinitionDto,
  PurchaseItemPropertyDefinitionListResponseDto,
  PurchasePropertyDefinitionResponseDto,
} from '../dto/purchase-property-definition.dto';
import { PurchaseItemPropertyDefinitionRepository } from '../purchase-property-definition.repository';

@OperatorResource('purchase-item-properties')
export class PurchaseItemPropertiesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly properties: PurchaseItemPropertyDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Purchase item properties',
    description: 'The custom fields of purchase items (bill lines), active and deactivated, by property id, with their active items.',
  })
  @ApiOkResponse({ type: PurchaseItemPropertyDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('purchase_item_properties', await this.properties.list(query, toPageRequest(query, [])), (property) => property);
  }

  @Get(':property_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'One purchase item property',
    description: 'By its property id, in any state. 404 when no purchase item property has it.',
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async show(@Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.properties, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a purchase item property',
    description: 'A property id no other purchase item property has, a name, a data type, and items exactly for enum and multiselect.',
  })
  @ApiCreatedResponse({ type: PurchasePropertyDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PurchasePropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.properties, body));
  }

  @Put(':property_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a purchase item property',
    description:
      'Replaces the whole definition; items left out are deactivated, the id and state stay, and the data type changes only while no purchase item has a value.',
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string, @Body() body: PurchasePropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.properties, key, body));
  }

  @Post(':property_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a purchase item property',
    description: "State 0, the contract's deleted: bill lines can no longer carry it, and the values purchase items have stay.",
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 0));
  }

  @Post(':property_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a purchase item property', description: 'State 1 again.' })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 1));
  }
}
