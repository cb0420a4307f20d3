import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { EventGroupListResponseDto, EventGroupQueryDto, EventGroupResponseDto } from '../dto/event-catalogue.dto';
import { toEventGroupDto } from '../event-catalogue.mapper';
import { EVENT_GROUP_SORT_FIELDS, EventCatalogueService } from '../event-catalogue.service';

/** Groups of event types. */
@ApiResource('event-groups')
@ApiTags('Event groups')
export class EventGroupsController {
  constructor(private readonly catalogue: EventCatalogueService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Event groups',
    description:
      'Lists the groups event types are sorted into; name matches any part of the name, case-insensitively, and text_id must match exactly.',
  })
  @ApiOkResponse({ type: EventGroupListResponseDto })
  async list(@Query() query: EventGroupQueryDto) {
    const page = await this.catalogue.listGroups(query, toPageRequest(query, EVENT_GROUP_SORT_FIELDS));
    return listEnvelope('event_groups', page, toEventGroupDto);
  }

  @Get(':event_group_id')
  @Offers('both')
  @ApiOperation({ summary: 'One event group', description: 'Returns an event group by its id; 404 when there is none.' })
  @ApiOkResponse({ type: EventGroupResponseDto })
  async get(@Param('event_group_id') groupId: string) {
    return dataEnvelope(toEventGroupDto(await this.catalogue.getGroup(groupId)));
  }
}
