import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  SegmentIdResponseDto,
  SegmentListResponseDto,
  SegmentRecordListResponseDto,
  SegmentResponseDto,
} from '../dto/segment-response.dto';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CreateSegmentDto, SegmentGroupFilterDto, SegmentListQueryDto, SegmentMemberDto } from '../dto/segment.dto';
import { SEGMENT_SORT_FIELDS, SegmentService } from '../segment.service';
import { toSegmentDto, toSegmentRecordDto } from '../segments.mapper';

/** Segment handlers shared by both interfaces. */
@ApiResource('segments')
@ApiTags('Segments')
export class SegmentsController {
  constructor(
    private readonly segments: SegmentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Segments',
    description: 'Lists the customer segments; `segment_group_ids` keeps those in any of the given groups.',
  })
  @ApiOkResponse({ type: SegmentListResponseDto })
  async list(@Query() query: SegmentListQueryDto) {
    const page = await this.segments.list(query, toPageRequest(query, SEGMENT_SORT_FIELDS));
    return listEnvelope('segments', page, (segment) => toSegmentDto(segment, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Create an empty segment',
    description: 'Creates a segment with no members and a priority from 0 to 100; members are added one at a time with add-customer.',
  })
  @ApiCreatedResponse({ type: SegmentIdResponseDto })
  async create(@Body() body: CreateSegmentDto): Promise<SegmentIdResponseDto> {
    return dataEnvelope({ segment_id: await this.segments.create(body) });
  }

  @Get(':segment_id')
  @Offers('both')
  @ApiOperation({ summary: 'One segment', description: 'Reads one segment. 404 when no segment has this id.' })
  @ApiOkResponse({ type: SegmentResponseDto })
  async get(@Param('segment_id') segmentId: string): Promise<SegmentResponseDto> {
    return dataEnvelope(toSegmentDto(await this.segments.get(segmentId), this.config.timeZone));
  }

  @Get(':segment_id/segment-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Members of a segment (on the Customer interface: the logged-in customer only)',
    description:
      "Lists the segment's memberships in the order customers were added, all in one page. 404 when no segment has this id; on the Customer interface the list holds at most the logged-in customer's own membership.",
  })
  @ApiOkResponse({ type: SegmentRecordListResponseDto })
  async records(@CurrentActor() actor: Actor, @Param('segment_id') segmentId: string, @Query() query: SegmentGroupFilterDto) {
    const page = await this.segments.listRecords(actor, segmentId, query);
    return listEnvelope('segment_records', page, (record) => toSegmentRecordDto(record, this.config.timeZone));
  }

  @Post(':segment_id/actions/add-customer')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Put a customer in a segment',
    description:
      'Adds a customer to a segment. A customer already in it answers 400 relation_already_exists. On the Customer interface only the logged-in customer can be added.',
  })
  @ApiNoContentResponse()
  async addCustomer(@CurrentActor() actor: Actor, @Param('segment_id') segmentId: string, @Body() body: SegmentMemberDto): Promise<void> {
    await this.segments.addCustomer(actor, segmentId, body.customer_id);
  }

  @Post(':segment_id/actions/remove-customer')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Take a customer out of a segment',
    description:
      'Removes a customer from a segment. A customer who is not a member answers 400 not_found. On the Customer interface only the logged-in customer can be removed.',
  })
  @ApiNoContentResponse()
  async removeCustomer(
    @CurrentActor() actor: Actor,
    @Param('segment_id') segmentId: string,
    @Body() body: SegmentMemberDto,
  ): Promise<void> {
    await this.segments.removeCustomer(actor, segmentId, body.customer_id);
  }
}
