import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { EventPropertyListResponseDto, EventPropertyQueryDto, EventPropertyResponseDto } from '../dto/event-catalogue.dto';
import { toEventPropertyDto } from '../event-catalogue.mapper';
import { EVENT_PROPERTY_SORT_FIELDS, EventCatalogueService } from '../event-catalogue.service';

/** The properties events may carry. */
@ApiResource('event-properties')
@ApiTags('Event properties')
export class EventPropertiesController {
  constructor(
    private readonly catalogue: EventCatalogueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Event properties',
    description:
      'Lists the custom properties events can carry, removed ones included with state 0, each with its items; name matches any part of the name, case-insensitively.',
  })
  @ApiOkResponse({ type: EventPropertyListResponseDto })
  async list(@Query() query: EventPropertyQueryDto) {
    const page = await this.catalogue.listProperties(query, toPageRequest(query, EVENT_PROPERTY_SORT_FIELDS));
    return listEnvelope('event_properties', page, (property) => toEventPropertyDto(property, this.config.timeZone));
  }

  @Get(':event_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One event property',
    description: 'Returns an event property by its id in any state, with its items; 404 when there is none.',
  })
  @ApiOkResponse({ type: EventPropertyResponseDto })
  async get(@Param('event_property_id') propertyId: string) {
    return dataEnvelope(toEventPropertyDto(await this.catalogue.getProperty(propertyId), this.config.timeZone));
  }
}
