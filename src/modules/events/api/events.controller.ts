import { Body, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toEventDto, toEventPropertyRecordDto } from '../customer-event.mapper';
import { CUSTOMER_EVENT_SORT_FIELDS, CustomerEventService } from '../customer-event.service';
import {
  EventDetailQueryDto,
  EventIdResponseDto,
  EventListResponseDto,
  EventPostBodyDto,
  EventPropertyRecordListResponseDto,
  EventQueryDto,
  EventResponseDto,
} from '../dto/event.dto';
import { EventPostService } from '../event-post.service';

/** Customer events: on the Customer interface the logged-in customer's only. */
@ApiResource('events')
@ApiTags('Events')
export class EventsController {
  constructor(
    private readonly events: CustomerEventService,
    private readonly posting: EventPostService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Events, oldest first unless sorted',
    description:
      "Lists customer events, oldest first unless sorted, filtered by type, customer, external id or time range. Property records are included only with include_property_records=true. On the Customer interface only the logged-in customer's events.",
  })
  @ApiOkResponse({ type: EventListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: EventQueryDto) {
    const page = await this.events.list(actor, query, toPageRequest(query, CUSTOMER_EVENT_SORT_FIELDS));
    return listEnvelope('events', page, (event) => toEventDto(event, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Record an event of a customer, with its property values',
    description:
      'Stores an event of a customer, named by customer_id or by an identifier (e-mail, phone or source external id) that must match exactly one live customer. The type must exist and be active. One active event per type, customer, external_id and secondary_external_id: a repeat answers 400 relation_already_exists. created_at defaults to now.',
  })
  @ApiCreatedResponse({ type: EventIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: EventPostBodyDto) {
    return dataEnvelope({ event_id: await this.posting.post(actor, body) });
  }

  @Get(':event_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One event',
    description:
      "Returns an event by its id, with its property values only when include_property_records=true. On the Customer interface another customer's event answers 404 just as a missing one does.",
  })
  @ApiOkResponse({ type: EventResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('event_id') eventId: string, @Query() query: EventDetailQueryDto) {
    const event = await this.events.get(actor, eventId, query.include_property_records ?? false);
    return dataEnvelope(toEventDto(event, this.config.timeZone));
  }

  @Get(':event_id/property-records')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "An event's property records, all of them",
    description: 'Lists every property value stored on an event, whatever include_property_records says elsewhere.',
  })
  @ApiOkResponse({ type: EventPropertyRecordListResponseDto })
  async propertyRecords(@CurrentActor() actor: Actor, @Param('event_id') eventId: string) {
    const records = await this.events.propertyRecords(actor, eventId);
    return listEnvelope('property_records', { items: records, total: records.length }, (record) =>
      toEventPropertyRecordDto(record, this.config.timeZone),
    );
  }
}
