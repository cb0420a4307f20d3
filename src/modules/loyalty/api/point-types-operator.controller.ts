import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  PointTypeDefinitionDto,
  PointTypeDefinitionListResponseDto,
  PointTypeDefinitionResponseDto,
} from '../dto/point-type-definition.dto';
import { PointTypeDefinitionRepository } from '../point-type-definition.repository';

@OperatorResource('point-types')
export class PointTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly pointTypes: PointTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Point types',
    description: 'The kinds of points customers hold, active and deactivated, by name; which one is the default.',
  })
  @ApiOkResponse({ type: PointTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('point_types', await this.pointTypes.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':point_type_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One point type', description: 'By id. 404 when no point type has it.' })
  @ApiOkResponse({ type: PointTypeDefinitionResponseDto })
  async show(@Param('point_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.pointTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a point type',
    description: 'A name, and whether it becomes the default (taking that from the one that has it).',
  })
  @ApiCreatedResponse({ type: PointTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: PointTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.pointTypes, body));
  }

  @Put(':point_type_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a point type',
    description: 'Replaces its name and default flag; the default is unmade only by making another the default.',
  })
  @ApiOkResponse({ type: PointTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('point_type_id') key: string, @Body() body: PointTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.pointTypes, key, body));
  }

  @Post(':point_type_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a point type',
    description:
      'State 0: customers keep their points of this type, but the contract no longer lists it and no request may add points of it. The default cannot be deactivated.',
  })
  @ApiOkResponse({ type: PointTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('point_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.pointTypes, key, 0));
  }

  @Post(':point_type_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a point type', description: 'State 1 again.' })
  @ApiOkResponse({ type: PointTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('point_type_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.pointTypes, key, 1));
  }
}
