import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SegmentGroupListResponseDto, SegmentGroupResponseDto } from '../dto/segment-response.dto';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { SegmentGroupListQueryDto } from '../dto/segment.dto';
import { SEGMENT_GROUP_SORT_FIELDS, SegmentGroupService } from '../segment-group.service';
import { toSegmentGroupDto } from '../segments.mapper';

@ApiResource('segment-groups')
@ApiTags('Segments')
export class SegmentGroupsController {
  constructor(
    private readonly groups: SegmentGroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Segment groups',
    description:
      'Lists the groups that arrange segments, each with its parent group, note and text id; `name` keeps those whose name contains the text, ignoring case, and `text_id` the one with exactly that text id.',
  })
  @ApiOkResponse({ type: SegmentGroupListResponseDto })
  async list(@Query() query: SegmentGroupListQueryDto) {
    const page = await this.groups.list(query, toPageRequest(query, SEGMENT_GROUP_SORT_FIELDS));
    return listEnvelope('segment_groups', page, (group) => toSegmentGroupDto(group, this.config.timeZone));
  }

  @Get(':segment_group_id')
  @Offers('both')
  @ApiOperation({ summary: 'One segment group', description: 'Reads one segment group. 404 when no group has this id.' })
  @ApiOkResponse({ type: SegmentGroupResponseDto })
  async get(@Param('segment_group_id') groupId: string): Promise<SegmentGroupResponseDto> {
    return dataEnvelope(toSegmentGroupDto(await this.groups.get(groupId), this.config.timeZone));
  }
}
