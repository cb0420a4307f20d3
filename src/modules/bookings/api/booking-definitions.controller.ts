import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PROPERTY_SORT_FIELDS, PropertyResponseDto, toPropertyDto } from '../../reference-data';
import { BOOKING_STATUS_SORT_FIELDS, BookingStatusService } from '../booking-status.service';
import { BookingTicketPropertyService } from '../booking-ticket-property.service';
import { toBookingStatusDto } from '../bookings.mapper';
import { BookingStatusListResponseDto, BookingStatusResponseDto, BookingTicketPropertyListResponseDto } from '../dto/booking-response.dto';
import { BookingTicketPropertyListQueryDto } from '../dto/booking.dto';
import { ListQueryDto } from '@tessera/http';

/** The project's booking statuses, which the operator defines. */
@ApiResource('booking-statuses')
@ApiTags('Booking statuses')
export class BookingStatusesController {
  constructor(
    private readonly statuses: BookingStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Booking statuses, oldest first unless sorted',
    description:
      'Lists every booking status, blocked ones included, in the order they were created unless sorted otherwise; names are given in the language Accept-Language picks, falling back to the default language. Only active statuses can be given to a new booking.',
  })
  @ApiOkResponse({ type: BookingStatusListResponseDto })
  async list(@Query() query: ListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.statuses.list(toPageRequest(query, BOOKING_STATUS_SORT_FIELDS));
    const output = { timeZone: this.config.timeZone, acceptLanguage, defaultLanguage: this.config.defaultLanguage };
    return listEnvelope('booking_statuses', page, (status) => toBookingStatusDto(status, output));
  }

  @Get(':booking_status_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One booking status',
    description:
      'Returns a booking status by its id whatever its state, its name in the language Accept-Language picks; 404 when there is none.',
  })
  @ApiOkResponse({ type: BookingStatusResponseDto })
  async get(@Param('booking_status_id') statusId: string, @Headers('accept-language') acceptLanguage?: string) {
    const output = { timeZone: this.config.timeZone, acceptLanguage, defaultLanguage: this.config.defaultLanguage };
    return dataEnvelope(toBookingStatusDto(await this.statuses.get(statusId), output));
  }
}

/** The custom fields booking tickets can carry. */
@ApiResource('booking-ticket-properties')
@ApiTags('Booking ticket properties')
export class BookingTicketPropertiesController {
  constructor(
    private readonly properties: BookingTicketPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Custom attributes booking tickets can carry',
    description:
      'Lists the custom properties defined for booking tickets, removed ones included with state 0, each with its items; name matches any part of the name, case-insensitively. Tickets can be filtered by their values and the values show on booking items.',
  })
  @ApiOkResponse({ type: BookingTicketPropertyListResponseDto })
  async list(@Query() query: BookingTicketPropertyListQueryDto) {
    const page = await this.properties.list(query, toPageRequest(query, PROPERTY_SORT_FIELDS));
    return listEnvelope('booking_ticket_properties', page, (property) => toPropertyDto(property, this.config.timeZone));
  }

  @Get(':booking_ticket_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One booking ticket property with its items',
    description: 'Returns a booking ticket property by its id in any state, with its items; 404 when there is none.',
  })
  @ApiOkResponse({ type: PropertyResponseDto })
  async get(@Param('booking_ticket_property_id') propertyId: string): Promise<PropertyResponseDto> {
    return dataEnvelope(toPropertyDto(await this.properties.get(propertyId), this.config.timeZone));
  }
}
