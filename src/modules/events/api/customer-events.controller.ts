import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toEventDto } from '../customer-event.mapper';
import { CUSTOMER_EVENT_SORT_FIELDS, CustomerEventService } from '../customer-event.service';
import { CustomerEventListResponseDto, CustomerEventQueryDto } from '../dto/event.dto';

/** A customer's events, under /customers/{customer_id}: the same events `GET /events` lists. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerEventsController {
  constructor(
    private readonly events: CustomerEventService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/events')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's events, oldest first unless sorted",
    description:
      'Lists the events of the customer in the path, with the same type, external id and time-range filters as the events list. 404 when the customer does not exist; on the Customer interface only the logged-in customer can be named.',
  })
  @ApiOkResponse({ type: CustomerEventListResponseDto })
  async list(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: CustomerEventQueryDto) {
    const page = await this.events.listForCustomer(actor, customerId, query, toPageRequest(query, CUSTOMER_EVENT_SORT_FIELDS));
    return listEnvelope('customer_events', page, (event) => toEventDto(event, this.config.timeZone));
  }
}
