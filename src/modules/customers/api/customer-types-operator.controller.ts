import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CustomerTypeDefinitionDto,
  CustomerTypeDefinitionListResponseDto,
  CustomerTypeDefinitionResponseDto,
} from '../dto/customer-type-definition.dto';
import { CustomerTypeDefinitionRepository } from '../customer-type-definition.repository';

@OperatorResource('customer-types')
export class CustomerTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly customerTypes: CustomerTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Customer types',
    description: 'Customer types, active and deactivated, by text id; q finds part of the text id or name.',
  })
  @ApiOkResponse({ type: CustomerTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('customer_types', await this.customerTypes.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':customer_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One customer type', description: 'By id or text id. 404 when neither names a customer type.' })
  @ApiOkResponse({ type: CustomerTypeDefinitionResponseDto })
  async show(@Param('customer_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.customerTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a customer type', description: 'A text id no other customer type has, and a name.' })
  @ApiCreatedResponse({ type: CustomerTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CustomerTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.customerTypes, body));
  }

  @Put(':customer_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a customer type',
    description: 'Replaces its text id and name; rewards and campaign products keep pointing at it.',
  })
  @ApiOkResponse({ type: CustomerTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('customer_type_key') key: string, @Body() body: CustomerTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.customerTypes, key, body));
  }

  @Post(':customer_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a customer type',
    description: 'State 0: kept for the rewards and campaign products that name it, refused for new ones.',
  })
  @ApiOkResponse({ type: CustomerTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('customer_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.customerTypes, key, 0));
  }

  @Post(':customer_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a customer type', description: 'State 1 again.' })
  @ApiOkResponse({ type: CustomerTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('customer_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.customerTypes, key, 1));
  }
}
