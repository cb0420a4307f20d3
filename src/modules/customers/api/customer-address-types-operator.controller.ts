import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CustomerAddressTypeDefinitionDto,
  CustomerAddressTypeDefinitionListResponseDto,
  CustomerAddressTypeDefinitionResponseDto,
} from '../dto/customer-address-type-definition.dto';
import { CustomerAddressTypeDefinitionRepository } from '../customer-address-type-definition.repository';

@OperatorResource('customer-address-types')
export class CustomerAddressTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly addressTypes: CustomerAddressTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Customer address types',
    description: 'Kinds of additional customer address (delivery, billing), active and deactivated, by name; q finds part of the name.',
  })
  @ApiOkResponse({ type: CustomerAddressTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('customer_address_types', await this.addressTypes.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':customer_address_type_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One customer address type', description: 'By id. 404 when no address type has it.' })
  @ApiOkResponse({ type: CustomerAddressTypeDefinitionResponseDto })
  async show(@Param('customer_address_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.addressTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a customer address type', description: 'Its name; it is active at once.' })
  @ApiCreatedResponse({ type: CustomerAddressTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CustomerAddressTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.addressTypes, body));
  }

  @Put(':customer_address_type_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a customer address type', description: 'Replaces its name; addresses keep pointing at it.' })
  @ApiOkResponse({ type: CustomerAddressTypeDefinitionResponseDto })
  async change(
    @OperatorWriter() actor: AuditActor,
    @Param('customer_address_type_id') key: string,
    @Body() body: CustomerAddressTypeDefinitionDto,
  ) {
    return dataEnvelope(await this.lifecycle.change(actor, this.addressTypes, key, body));
  }

  @Post(':customer_address_type_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a customer address type',
    description:
      'State 0: addresses of this type are kept and it stays readable by id, but the contract no longer lists it and no address may be written with it.',
  })
  @ApiOkResponse({ type: CustomerAddressTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('customer_address_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.addressTypes, key, 0));
  }

  @Post(':customer_address_type_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a customer address type', description: 'State 1 again.' })
  @ApiOkResponse({ type: CustomerAddressTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('customer_address_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.addressTypes, key, 1));
  }
}
