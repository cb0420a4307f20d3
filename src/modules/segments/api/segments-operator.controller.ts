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
import {
  SegmentDefinitionDto,
  SegmentDefinitionListResponseDto,
  SegmentDefinitionResponseDto,
  SegmentEvaluationResponseDto,
  SegmentPreviewBodyDto,
  SegmentPreviewResponseDto,
} from '../dto/segment-definition.dto';
import { SegmentMemberListResponseDto, SegmentMembersBodyDto, SegmentMembershipChangeResponseDto } from '../dto/segment-members.dto';
import { SegmentDefinitionRepository } from '../segment-definition.repository';
import { SegmentEvaluation } from '../segment-evaluation.service';
import { SegmentMembership } from '../segment-membership.service';

@OperatorResource('segments')
export class SegmentsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly segments: SegmentDefinitionRepository,
    private readonly membership: SegmentMembership,
    private readonly evaluation: SegmentEvaluation,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Segments', description: 'Segments, active and deactivated; q finds part of the name.' })
  @ApiOkResponse({ type: SegmentDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('segments', await this.segments.list(query, toPageRequest(query, [])), (segment) => segment);
  }

  @Post('actions/preview')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:read')
  @ApiOperation({
    summary: 'Preview a condition tree',
    description: 'How many customers a condition tree holds for now, and up to 20 of them, before it is saved; writes nothing.',
  })
  @ApiOkResponse({ type: SegmentPreviewResponseDto })
  async preview(@Body() body: SegmentPreviewBodyDto) {
    return dataEnvelope(await this.evaluation.preview(body.conditions));
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
    description:
      'A name and an optional active group by id or text id. Without conditions the segment is static and starts with no members; with a condition tree it is dynamic and its members follow the tree within seconds of the evaluation run.',
  })
  @ApiCreatedResponse({ type: SegmentDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: SegmentDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.segments, body));
  }

  @Put(':segment_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a segment',
    description:
      'Replaces the definition. A static segment keeps its members; a changed condition tree is evaluated in full by the next evaluation run (members it no longer holds for leave).',
  })
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

  @Post(':segment_key/actions/evaluate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Evaluate a dynamic segment now',
    description:
      'A full evaluation of an active dynamic segment at once, with the same events as the background run; answers who joined and left (counts).',
  })
  @ApiOkResponse({ type: SegmentEvaluationResponseDto })
  async evaluate(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string) {
    return dataEnvelope(await this.evaluation.evaluateNow(actor, key));
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
      'Static segments only. Each customer who joins gets the same event and webhooks as through the contract; customers already in are counted, not refused.',
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
      'Static segments only. Each customer who leaves gets the same event and webhooks as through the contract; customers not in it are counted, not refused.',
  })
  @ApiOkResponse({ type: SegmentMembershipChangeResponseDto })
  async removeMembers(@OperatorWriter() actor: AuditActor, @Param('segment_key') key: string, @Body() body: SegmentMembersBodyDto) {
    return dataEnvelope(await this.membership.remove(actor, key, body.customer_ids));
  }
}
