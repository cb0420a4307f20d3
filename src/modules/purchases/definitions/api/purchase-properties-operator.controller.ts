import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  PurchasePropertyDefinitionDto,
  PurchasePropertyDefinitionListResponseDto,
  PurchasePropertyDefinitionResponseDto,
} from '../dto/purchase-property-definition.dto';
import { PurchasePropertyDefinitionRepository } from '../purchase-property-definition.repository';

@OperatorResource('purchase-properties')
export class PurchasePropertiesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly properties: PurchasePropertyDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Purchase properties',
    description: 'The custom fields of purchases, active and deactivated, by property id, with their active items.',
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('purchase_properties', await this.properties.list(query, toPageRequest(query, [])), (property) => property);
  }

  @Get(':property_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'One purchase property',
    description: 'By its property id, in any state. 404 when no purchase property has it.',
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async show(@Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.properties, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a purchase property',
    description: 'A property id no other purchase property has, a name, a data type, and items exactly for enum and multiselect.',
  })
  @ApiCreatedResponse({ type: PurchasePropertyDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PurchasePropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.properties, body));
  }

  @Put(':property_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a purchase property',
    description:
      'Replaces the whole definition; items left out are deactivated, the id and state stay, and the data type changes only while no purchase has a value.',
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string, @Body() body: PurchasePropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.properties, key, body));
  }

  @Post(':property_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a purchase property',
    description: "State 0, the contract's deleted: bills can no longer carry it, and the values purchases have stay.",
  })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 0));
  }

  @Post(':property_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a purchase property', description: 'State 1 again.' })
  @ApiOkResponse({ type: PurchasePropertyDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 1));
  }
}
