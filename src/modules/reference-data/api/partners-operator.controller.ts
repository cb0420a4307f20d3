import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { PartnerDefinitionDto, PartnerDefinitionListResponseDto, PartnerDefinitionResponseDto } from '../dto/partner-definition.dto';
import { PartnerDefinitionRepository } from '../partner-definition.repository';

@OperatorResource('partners')
export class PartnersOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly partners: PartnerDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Partners', description: 'Partners, active and deactivated, by name; q also finds a registration or VAT id.' })
  @ApiOkResponse({ type: PartnerDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('partners', await this.partners.list(query, toPageRequest(query, [])), (partner) => partner);
  }

  @Get(':partner_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One partner', description: 'By id. 404 when it names no partner.' })
  @ApiOkResponse({ type: PartnerDefinitionResponseDto })
  async show(@Param('partner_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.partners, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a partner', description: 'A company of the loyalty programme: its name, address and registration.' })
  @ApiCreatedResponse({ type: PartnerDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PartnerDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.partners, body));
  }

  @Put(':partner_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a partner',
    description: 'Replaces every field; fields left out are cleared. Its stores and customer relations keep pointing at it.',
  })
  @ApiOkResponse({ type: PartnerDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('partner_id') key: string, @Body() body: PartnerDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.partners, key, body));
  }

  @Post(':partner_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a partner',
    description: 'State 0: its stores and records stay whole; no new store, point movement or reward may name it.',
  })
  @ApiOkResponse({ type: PartnerDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('partner_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.partners, key, 0));
  }

  @Post(':partner_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a partner', description: 'State 1 again.' })
  @ApiOkResponse({ type: PartnerDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('partner_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.partners, key, 1));
  }
}
