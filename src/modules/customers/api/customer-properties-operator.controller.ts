import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CustomerPropertyDefinitionDto,
  CustomerPropertyDefinitionListResponseDto,
  CustomerPropertyDefinitionResponseDto,
} from '../dto/customer-property-definition.dto';
import { CustomerPropertyDefinitionRepository } from '../customer-property-definition.repository';

@OperatorResource('customer-properties')
export class CustomerPropertiesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly properties: CustomerPropertyDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Customer properties',
    description: 'The custom fields of customers, active and deactivated, by id; q finds part of the id or name.',
  })
  @ApiOkResponse({ type: CustomerPropertyDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('customer_properties', await this.properties.list(query, toPageRequest(query, [])), (property) => property);
  }

  @Get(':property_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One customer property', description: 'By its id. 404 when it names no property.' })
  @ApiOkResponse({ type: CustomerPropertyDefinitionResponseDto })
  async show(@Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.properties, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a customer property',
    description: 'An id no other property has (letters, digits, _, . and -), a data type, and the items of an enum or multiselect.',
  })
  @ApiCreatedResponse({ type: CustomerPropertyDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CustomerPropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.properties, body));
  }

  @Put(':property_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a customer property',
    description:
      'Replaces the definition; the id stays. The data type changes only while no customer holds a value (else 400 naming data_type). Items left out are deactivated.',
  })
  @ApiOkResponse({ type: CustomerPropertyDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string, @Body() body: CustomerPropertyDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.properties, key, body));
  }

  @Post(':property_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a customer property',
    description: 'State 0: customers keep their values, but the property is no longer asked for or accepted.',
  })
  @ApiOkResponse({ type: CustomerPropertyDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 0));
  }

  @Post(':property_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a customer property', description: 'State 1 again.' })
  @ApiOkResponse({ type: CustomerPropertyDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('property_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.properties, key, 1));
  }
}
