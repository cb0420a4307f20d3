import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  EventPropertyListResponseDto,
  EventTypeListResponseDto,
  EventTypeQueryDto,
  EventTypeResponseDto,
} from '../dto/event-catalogue.dto';
import { toEventPropertyDto, toEventTypeDto } from '../event-catalogue.mapper';
import { EVENT_PROPERTY_SORT_FIELDS, EVENT_TYPE_SORT_FIELDS, EventCatalogueService } from '../event-catalogue.service';

/** Event types and the properties each allows; any valid token reads them. */
@ApiResource('event-types')
@ApiTags('Event types')
export class EventTypesController {
  constructor(
    private readonly catalogue: EventCatalogueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Event types',
    description:
      'Lists the event types in any state, each with the text id of its group; name matches any part of the name, case-insensitively, text_id exactly, and event_group_text_id keeps the types of the groups named.',
  })
  @ApiOkResponse({ type: EventTypeListResponseDto })
  async list(@Query() query: EventTypeQueryDto) {
    const page = await this.catalogue.listTypes(query, toPageRequest(query, EVENT_TYPE_SORT_FIELDS));
    return listEnvelope('event_types', page, toEventTypeDto);
  }

  @Get(':event_type_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One event type',
    description: 'Returns an event type by its id in any state, with the text id of its group; 404 when there is none.',
  })
  @ApiOkResponse({ type: EventTypeResponseDto })
  async get(@Param('event_type_id') typeId: string) {
    return dataEnvelope(toEventTypeDto(await this.catalogue.getType(typeId)));
  }

  @Get(':event_type_id/event-properties')
  @Offers('both')
  @ApiOperation({
    summary: 'The properties events of the type may carry',
    description:
      'Lists the properties an event of this type may carry values for, leaving out removed ones. 404 when the type does not exist.',
  })
  @ApiOkResponse({ type: EventPropertyListResponseDto })
  async properties(@Param('event_type_id') typeId: string, @Query() query: ListQueryDto) {
    const page = await this.catalogue.listTypeProperties(typeId, toPageRequest(query, EVENT_PROPERTY_SORT_FIELDS));
    return listEnvelope('event_properties', page, (property) => toEventPropertyDto(property, this.config.timeZone));
  }
}
