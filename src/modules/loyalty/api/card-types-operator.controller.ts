import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { CardTypeDefinitionDto, CardTypeDefinitionListResponseDto, CardTypeDefinitionResponseDto } from '../dto/card-type-definition.dto';
import { CardTypeDefinitionRepository } from '../card-type-definition.repository';

@OperatorResource('card-types')
export class CardTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly cardTypes: CardTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Card types',
    description: 'Loyalty card types with their number prefix and which is the default, active and deactivated.',
  })
  @ApiOkResponse({ type: CardTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('card_types', await this.cardTypes.list(query, toPageRequest(query, [])), (status) => status);
  }

  @Get(':card_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'One card type',
    description: 'By id or text id, as a body `PUT` takes back. 404 when neither names a card type.',
  })
  @ApiOkResponse({ type: CardTypeDefinitionResponseDto })
  async show(@Param('card_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.cardTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a card type',
    description: 'A text id no other card type has, a name and a prefix; is_default true makes it the default in place of the other.',
  })
  @ApiCreatedResponse({ type: CardTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CardTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.cardTypes, body));
  }

  @Put(':card_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a card type',
    description:
      'Replaces its text id, name, prefix and default flag; the default stays the default until another is made the default. Its cards keep it.',
  })
  @ApiOkResponse({ type: CardTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('card_type_key') key: string, @Body() body: CardTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.cardTypes, key, body));
  }

  @Post(':card_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a card type',
    description: 'State 0: its cards keep it, no new card is issued with it. The default cannot be deactivated.',
  })
  @ApiOkResponse({ type: CardTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('card_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.cardTypes, key, 0));
  }

  @Post(':card_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a card type', description: 'State 1 again.' })
  @ApiOkResponse({ type: CardTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('card_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.cardTypes, key, 1));
  }
}
