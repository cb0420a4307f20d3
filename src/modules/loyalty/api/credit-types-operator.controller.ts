import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CreditTypeDefinitionDto,
  CreditTypeDefinitionListResponseDto,
  CreditTypeDefinitionResponseDto,
} from '../dto/credit-type-definition.dto';
import { CreditTypeDefinitionRepository } from '../credit-type-definition.repository';

@OperatorResource('credit-types')
export class CreditTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly creditTypes: CreditTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Credit types',
    description: 'The kinds of credits customers hold, active and deactivated, by name, with their currency and which one is the default.',
  })
  @ApiOkResponse({ type: CreditTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('credit_types', await this.creditTypes.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':credit_type_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One credit type', description: 'By id. 404 when no credit type has it.' })
  @ApiOkResponse({ type: CreditTypeDefinitionResponseDto })
  async show(@Param('credit_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.creditTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a credit type',
    description: 'A name, the currency (id or ISO code) its credits have when a request names none, and whether it becomes the default.',
  })
  @ApiCreatedResponse({ type: CreditTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CreditTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.creditTypes, body));
  }

  @Put(':credit_type_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a credit type',
    description: 'Replaces its name, currency and default flag; credits already held keep their currency.',
  })
  @ApiOkResponse({ type: CreditTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('credit_type_id') key: string, @Body() body: CreditTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.creditTypes, key, body));
  }

  @Post(':credit_type_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a credit type',
    description:
      'State 0: customers keep their credits of this type, but the contract no longer lists it and no request may deposit credits of it. The default cannot be deactivated.',
  })
  @ApiOkResponse({ type: CreditTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('credit_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.creditTypes, key, 0));
  }

  @Post(':credit_type_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a credit type', description: 'State 1 again.' })
  @ApiOkResponse({ type: CreditTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('credit_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.creditTypes, key, 1));
  }
}
