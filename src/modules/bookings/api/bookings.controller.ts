import { Body, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiResource,
  CurrentActor,
  dataEnvelope,
  listEnvelope,
  Offers,
  RequiresCustomer,
  toPageRequest,
  responseOutput,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { BOOKING_SORT_FIELDS, BookingService } from '../booking.service';
import { toBookingDto, toBusyTimesDto } from '../bookings.mapper';
import { BookingIdResponseDto, BookingListResponseDto, BookingResponseDto, BusyTimesResponseDto } from '../dto/booking-response.dto';
import { BookingListQueryDto, BookingPostBodyDto, BookingPutBodyDto, BusyTimesBodyDto } from '../dto/booking.dto';

/** Customers' bookings: on the Customer interface the logged-in customer's only. */
@ApiResource('bookings')
@ApiTags('Bookings')
export class BookingsController {
  constructor(
    private readonly bookings: BookingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Bookings, oldest first unless sorted; items as add_booking_items asks',
    description:
      "Lists bookings, oldest first unless sorted; their items are included as add_booking_items asks. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: BookingListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: BookingListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.bookings.list(actor, query, toPageRequest(query, BOOKING_SORT_FIELDS));
    return listEnvelope('bookings', page, (booking) => toBookingDto(booking, responseOutput(this.config, acceptLanguage)));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Book time slots: each item takes capacity on its slot, or nothing is booked',
    description:
      "Creates a booking whose items each take capacity on a time slot. Capacity is taken with a conditional update per slot, so concurrent bookings never overbook: if any slot lacks room, nothing is booked (400 not_allowed_value on that item's capacity_taken). An unknown slot answers 400 not_found, a blocked slot or ticket 400 not_allowed_value. A new booking starts pending or confirmed (the project's default status when none is given) and writes a booking_creation event for its customer.",
  })
  @ApiCreatedResponse({ type: BookingIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: BookingPostBodyDto): Promise<BookingIdResponseDto> {
    return dataEnvelope({ booking_id: await this.bookings.create(actor, body.booking) });
  }

  @Post('actions/average-booking-busy-times')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'How full the slots were over the period ending with a day, per hour, weekday, day or month',
    description:
      'Computes, for the one period (day, week, month or year) that ends with booking_date, the capacity taken as a whole percentage of the capacity of the active slots starting in each hour, weekday, day of the month or month. Changes nothing.',
  })
  @ApiOkResponse({ type: BusyTimesResponseDto })
  async busyTimes(@Body() body: BusyTimesBodyDto): Promise<BusyTimesResponseDto> {
    return dataEnvelope(toBusyTimesDto(await this.bookings.busyTimes(body)));
  }

  @Get(':booking_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One booking with its items',
    description: "Reads one booking with its items. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: BookingResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string, @Headers('accept-language') acceptLanguage?: string) {
    return dataEnvelope(toBookingDto(await this.bookings.get(actor, bookingId), responseOutput(this.config, acceptLanguage)));
  }

  @Put(':booking_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Move a booking to a status the workflow allows, or to another customer; replaces customer and data',
    description:
      "Replaces the booking's customer and data (left out: none) and moves it to the booking_status given, if the workflow allows the move; left out, the status stays. A refused move answers 400 not_allowed_value on booking.booking_status and changes nothing. Moving to a cancelled status gives the items' capacity back. Each status change writes a booking_status_change event.",
  })
  @ApiNoContentResponse()
  async update(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string, @Body() body: BookingPutBodyDto): Promise<void> {
    await this.bookings.update(actor, bookingId, body.booking);
  }

  @Delete(':booking_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Delete a booking and its items, giving their capacity back',
    description:
      'Deletes the booking with its items, gives back the slot capacity it still held and writes a booking_deletion event for its customer.',
  })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string): Promise<void> {
    await this.bookings.remove(actor, bookingId);
  }
}
