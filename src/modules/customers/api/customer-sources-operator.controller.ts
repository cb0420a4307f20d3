import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  CustomerSourceDefinitionDto,
  CustomerSourceDefinitionListResponseDto,
  CustomerSourceDefinitionRepository,
  CustomerSourceDefinitionResponseDto,
} from '../../reference-data';

/** Customer sources are reference data, below the audit trail's layer: their lifecycle is driven from here. */
@OperatorResource('customer-sources')
export class CustomerSourcesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly sources: CustomerSourceDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Customer sources',
    description: 'Where customers come from, active and deactivated, by text id; q finds part of the text id or name.',
  })
  @ApiOkResponse({ type: CustomerSourceDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('customer_sources', await this.sources.list(query, toPageRequest(query, [])), (source) => source);
  }

  @Get(':customer_source_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One customer source', description: 'By id or text id. 404 when neither names a customer source.' })
  @ApiOkResponse({ type: CustomerSourceDefinitionResponseDto })
  async show(@Param('customer_source_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.sources, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a customer source', description: 'A text id no other source has, and a name.' })
  @ApiCreatedResponse({ type: CustomerSourceDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CustomerSourceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.sources, body));
  }

  @Put(':customer_source_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a customer source',
    description: 'Replaces its text id and name; customers and source records keep pointing at it.',
  })
  @ApiOkResponse({ type: CustomerSourceDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('customer_source_key') key: string, @Body() body: CustomerSourceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.sources, key, body));
  }

  @Post(':customer_source_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate a customer source', description: 'State 0: customers and source records keep it.' })
  @ApiOkResponse({ type: CustomerSourceDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('customer_source_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.sources, key, 0));
  }

  @Post(':customer_source_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a customer source', description: 'State 1 again.' })
  @ApiOkResponse({ type: CustomerSourceDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('customer_source_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.sources, key, 1));
  }
}
