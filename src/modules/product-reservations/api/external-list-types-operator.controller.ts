import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  ExternalListTypeDefinitionDto,
  ExternalListTypeDefinitionListResponseDto,
  ExternalListTypeDefinitionResponseDto,
} from '../dto/external-list-type-definition.dto';
import { ExternalListTypeDefinitionRepository } from '../external-list-type-definition.repository';

@OperatorResource('product-reservation-external-list-types')
export class ExternalListTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly listTypes: ExternalListTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'External list types',
    description: 'The kinds of external reservation codes, active and deactivated, by text id.',
  })
  @ApiOkResponse({ type: ExternalListTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope(
      'product_reservation_external_list_types',
      await this.listTypes.list(query, toPageRequest(query, [])),
      (view) => view,
    );
  }

  @Get(':list_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One external list type', description: 'By id or text id. 404 when neither names a list type.' })
  @ApiOkResponse({ type: ExternalListTypeDefinitionResponseDto })
  async show(@Param('list_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.listTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create an external list type', description: 'A text id no other list type has, and its name.' })
  @ApiCreatedResponse({ type: ExternalListTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: ExternalListTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.listTypes, body));
  }

  @Put(':list_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change an external list type',
    description: 'Replaces its text id and name; codes of this type stay on their reservations.',
  })
  @ApiOkResponse({ type: ExternalListTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('list_type_key') key: string, @Body() body: ExternalListTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.listTypes, key, body));
  }

  @Post(':list_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an external list type',
    description:
      'State 0, what the contract calls deleted: codes of this type stay on their reservations, the contract no longer lists or reads it, and new codes cannot name it.',
  })
  @ApiOkResponse({ type: ExternalListTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('list_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.listTypes, key, 0));
  }

  @Post(':list_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an external list type', description: 'State 1 again.' })
  @ApiOkResponse({ type: ExternalListTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('list_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.listTypes, key, 1));
  }
}
