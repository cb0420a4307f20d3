import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CreateSegmentDto, SegmentGroupFilterDto, SegmentListQueryDto, SegmentMemberDto } from '../dto/segment.dto';
import { SEGMENT_SORT_FIELDS, SegmentService } from '../segment.service';
import { toSegmentDto, toSegmentRecordDto } from '../segments.mapper';

/** Segment handlers shared by both interfaces. */
@ApiTags('Segments')
export abstract class SegmentsRoutes {
  constructor(
    private readonly segments: SegmentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Segments' })
  async list(@Query() query: SegmentListQueryDto) {
    const page = await this.segments.list(query, toPageRequest(query, SEGMENT_SORT_FIELDS));
    return listEnvelope('segments', page, (segment) => toSegmentDto(segment, this.config.timeZone));
  }

  @Post()
  @ApiOperation({ summary: 'Create an empty segment' })
  async create(@Body() body: CreateSegmentDto) {
    return dataEnvelope({ segment_id: await this.segments.create(body) });
  }

  @Get(':segment_id')
  @ApiOperation({ summary: 'One segment' })
  async get(@Param('segment_id') segmentId: string) {
    return dataEnvelope(toSegmentDto(await this.segments.get(segmentId), this.config.timeZone));
  }

  @Get(':segment_id/segment-records')
  @ApiOperation({ summary: 'Members of a segment (on the Customer interface: the logged-in customer only)' })
  async records(@CurrentActor() actor: Actor, @Param('segment_id') segmentId: string, @Query() query: SegmentGroupFilterDto) {
    const page = await this.segments.listRecords(actor, segmentId, query);
    return listEnvelope('segment_records', page, (record) => toSegmentRecordDto(record, this.config.timeZone));
  }

  @Post(':segment_id/actions/add-customer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Put a customer in a segment' })
  async addCustomer(@CurrentActor() actor: Actor, @Param('segment_id') segmentId: string, @Body() body: SegmentMemberDto): Promise<void> {
    await this.segments.addCustomer(actor, segmentId, body.customer_id);
  }

  @Post(':segment_id/actions/remove-customer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Take a customer out of a segment' })
  async removeCustomer(@CurrentActor() actor: Actor, @Param('segment_id') segmentId: string, @Body() body: SegmentMemberDto): Promise<void> {
    await this.segments.removeCustomer(actor, segmentId, body.customer_id);
  }
}
