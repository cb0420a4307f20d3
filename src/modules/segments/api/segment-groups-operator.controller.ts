import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  SegmentGroupDefinitionDto,
  SegmentGroupDefinitionListResponseDto,
  SegmentGroupDefinitionResponseDto,
} from '../dto/segment-group-definition.dto';
import { SegmentGroupDefinitionRepository } from '../segment-group-definition.repository';

@OperatorResource('segment-groups')
export class SegmentGroupsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly groups: SegmentGroupDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Segment groups', description: 'Segment groups, active and deactivated; q finds part of the text id or name.' })
  @ApiOkResponse({ type: SegmentGroupDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('segment_groups', await this.groups.list(query, toPageRequest(query, [])), (group) => group);
  }

  @Get(':segment_group_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One segment group', description: 'By id or text id. 404 when neither names a segment group.' })
  @ApiOkResponse({ type: SegmentGroupDefinitionResponseDto })
  async show(@Param('segment_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.groups, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a segment group',
    description: 'A name, an optional text id no other group has, and an optional active parent group by id or text id.',
  })
  @ApiCreatedResponse({ type: SegmentGroupDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: SegmentGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.groups, body));
  }

  @Put(':segment_group_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a segment group',
    description: 'Replaces the definition; its segments stay in it. A group cannot sit inside itself or one of its own subgroups.',
  })
  @ApiOkResponse({ type: SegmentGroupDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('segment_group_key') key: string, @Body() body: SegmentGroupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.groups, key, body));
  }

  @Post(':segment_group_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a segment group',
    description: 'State 0: its segments stay in it, but no segment or group may be put in it.',
  })
  @ApiOkResponse({ type: SegmentGroupDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('segment_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 0));
  }

  @Post(':segment_group_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a segment group', description: 'State 1 again.' })
  @ApiOkResponse({ type: SegmentGroupDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('segment_group_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.groups, key, 1));
  }
}
