import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  AgreementDefinitionDto,
  AgreementDefinitionListResponseDto,
  AgreementDefinitionResponseDto,
} from '../dto/agreement-definition.dto';
import { AgreementDefinitionRepository } from '../agreement-definition.repository';

@OperatorResource('agreements')
export class AgreementsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly agreements: AgreementDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Agreements',
    description: 'The consents customers give or withdraw, active and deactivated, by text id; q finds part of the text id or name.',
  })
  @ApiOkResponse({ type: AgreementDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('agreements', await this.agreements.list(query, toPageRequest(query, [])), (agreement) => agreement);
  }

  @Get(':agreement_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One agreement', description: 'By id or text id. 404 when neither names an agreement.' })
  @ApiOkResponse({ type: AgreementDefinitionResponseDto })
  async show(@Param('agreement_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.agreements, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create an agreement',
    description: 'A text id no other agreement has, its name and texts, and the channel it is for by id or text id.',
  })
  @ApiCreatedResponse({ type: AgreementDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: AgreementDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.agreements, body));
  }

  @Put(':agreement_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change an agreement', description: 'Replaces the definition; the consents customers gave stay.' })
  @ApiOkResponse({ type: AgreementDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('agreement_key') key: string, @Body() body: AgreementDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.agreements, key, body));
  }

  @Post(':agreement_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an agreement',
    description: 'State 0: consents already given stay, but the API no longer offers or accepts it.',
  })
  @ApiOkResponse({ type: AgreementDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('agreement_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.agreements, key, 0));
  }

  @Post(':agreement_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an agreement', description: 'State 1 again.' })
  @ApiOkResponse({ type: AgreementDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('agreement_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.agreements, key, 1));
  }
}
