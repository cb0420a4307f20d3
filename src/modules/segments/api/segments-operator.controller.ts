import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import {
  DefinitionListQueryDto,
  ListQueryDto,
  OperatorAccess,
  OperatorResource,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
} from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { SegmentDefinitionDto, SegmentDefinitionListResponseDto, SegmentDefinitionResponseDto } from '../dto/segment-definition.dto';
import { SegmentMemberListResponseDto, SegmentMembersBodyDto, SegmentMembershipChangeResponseDto } from '../dto/segment-members.dto';
import { SegmentDefinitionRepository } from '../segment-definition.repository';
import { SegmentMembership } from '../segment-membership.service';

@OperatorResource('segments')
export class SegmentsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly segments: SegmentDefinitionRepository,
    private readonly membership: SegmentMembership,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Segments', description: 'Segments, active and deactivated; q finds part of the name.' })
  @ApiOkResponse({ type: SegmentDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('segments', await this.segments.list(query, toPageRequest(query, [])), (segment) => segment);
  }

  @Get(':segment_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One segment', description: 'By id. 404 when it names no segment.' })
  @ApiOkResponse({ type: SegmentDefinitionResponseDto })
  async show(@Param('segment_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.segments, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a segment',
    description: 'A name and an optional active group by id or text id; a new segment has no members.',
  })
  @ApiCreatedResponse({ type: SegmentDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: SegmentDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.segments, body));
  }

  @Put(':segment_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a segment', description: 'Replaces the definition; its members stay.' })
  @ApiOkResponse({ type: SegmentDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string, @Body() body: SegmentDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.segments, key, body));
  }

  @Post(':segment_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a segment',
    description: 'State 0: its members and the rewards naming it keep it, but no new reward may name it.',
  })
  @ApiOkResponse({ type: SegmentDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.segments, key, 0));
  }

  @Post(':segment_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a segment', description: 'State 1 again.' })
  @ApiOkResponse({ type: SegmentDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.segments, key, 1));
  }

  @Get(':segment_key/members')
  @OperatorAccess('customers:read')
  @ApiOperation({ summary: 'A segment\u2019s members', description: 'Customer ids with when they joined, the longest-standing first.' })
  @ApiOkResponse({ type: SegmentMemberListResponseDto })
  async members(@Param('segment_key') key: string, @Query() query: ListQueryDto) {
    return listEnvelope('members', await this.membership.list(key, toPageRequest(query, [])), (member) => member);
  }

  @Post(':segment_key/members')
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Add customers to a segment',
    description:
      'Each customer who joins gets the same event and webhooks as through the contract; customers already in are counted, not refused.',
  })
  @ApiCreatedResponse({ type: SegmentMembershipChangeResponseDto })
  async addMembers(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string, @Body() body: SegmentMembersBodyDto) {
    return dataEnvelope(await this.membership.add(actor, key, body.customer_ids));
  }

  @Post(':segment_key/members/actions/remove')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Remove customers from a segment',
    description:
      'Each customer who leaves gets the same event and webhooks as through the contract; customers not in it are counted, not refused.',
  })
  @ApiOkResponse({ type: SegmentMembershipChangeResponseDto })
  async removeMembers(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string, @Body() body: SegmentMembersBodyDto) {
    return dataEnvelope(await this.membership.remove(actor, key, body.customer_ids));
  }
}
