import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  PaymentTypeDefinitionDto,
  PaymentTypeDefinitionListResponseDto,
  PaymentTypeDefinitionResponseDto,
} from '../dto/payment-type-definition.dto';
import { PaymentTypeDefinitionRepository } from '../payment-type-definition.repository';

@OperatorResource('payment-types')
export class PaymentTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly paymentTypes: PaymentTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Payment types', description: "The built-in S, A, C and D and the operator's own, active and deactivated." })
  @ApiOkResponse({ type: PaymentTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('payment_types', await this.paymentTypes.list(query, toPageRequest(query, [])), (type) => type);
  }

  @Get(':payment_type_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One payment type', description: 'By id. 404 when it names no payment type.' })
  @ApiOkResponse({ type: PaymentTypeDefinitionResponseDto })
  async show(@Param('payment_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.paymentTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a payment type',
    description: "A payment type of the operator's, with what purchases paid so do; it gets a hex id.",
  })
  @ApiCreatedResponse({ type: PaymentTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PaymentTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.paymentTypes, body));
  }

  @Put(':payment_type_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a payment type',
    description: 'Replaces its name and flags; S, A, C and D stay as they are (400 naming payment_type_id).',
  })
  @ApiOkResponse({ type: PaymentTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('payment_type_id') key: string, @Body() body: PaymentTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.paymentTypes, key, body));
  }

  @Post(':payment_type_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a payment type',
    description: 'State 0: purchases and orders keep pointing at it, no new purchase may name it; S, A, C and D stay active.',
  })
  @ApiOkResponse({ type: PaymentTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('payment_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.paymentTypes, key, 0));
  }

  @Post(':payment_type_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a payment type', description: 'State 1 again.' })
  @ApiOkResponse({ type: PaymentTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('payment_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.paymentTypes, key, 1));
  }
}
