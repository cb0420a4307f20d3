import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CustomerRelationTypeDefinitionDto,
  CustomerRelationTypeDefinitionListResponseDto,
  CustomerRelationTypeDefinitionResponseDto,
} from '../dto/customer-relation-type-definition.dto';
import { CustomerRelationTypeDefinitionRepository } from '../customer-relation-type-definition.repository';

@OperatorResource('customer-relation-types')
export class CustomerRelationTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly relationTypes: CustomerRelationTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Customer relation types',
    description:
      'Kinds of relation between customer accounts (household, referral), active and deactivated, by name; q finds part of the name.',
  })
  @ApiOkResponse({ type: CustomerRelationTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('customer_relation_types', await this.relationTypes.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':customer_relation_type_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One customer relation type', description: 'By id. 404 when no relation type has it.' })
  @ApiOkResponse({ type: CustomerRelationTypeDefinitionResponseDto })
  async show(@Param('customer_relation_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.relationTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a customer relation type', description: 'Its name; it is active at once.' })
  @ApiCreatedResponse({ type: CustomerRelationTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CustomerRelationTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.relationTypes, body));
  }

  @Put(':customer_relation_type_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a customer relation type', description: 'Replaces its name; relations keep pointing at it.' })
  @ApiOkResponse({ type: CustomerRelationTypeDefinitionResponseDto })
  async change(
    @OperatorWriter() actor: AuditActor,
    @Param('customer_relation_type_id') key: string,
    @Body() body: CustomerRelationTypeDefinitionDto,
  ) {
    return dataEnvelope(await this.lifecycle.change(actor, this.relationTypes, key, body));
  }

  @Post(':customer_relation_type_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a customer relation type',
    description: "State 0, which the contract's reads show: relations of this type are kept, but no new relation may have it.",
  })
  @ApiOkResponse({ type: CustomerRelationTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('customer_relation_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.relationTypes, key, 0));
  }

  @Post(':customer_relation_type_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a customer relation type', description: 'State 1 again.' })
  @ApiOkResponse({ type: CustomerRelationTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('customer_relation_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.relationTypes, key, 1));
  }
}
