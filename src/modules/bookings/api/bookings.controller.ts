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
  @ApiOperation({ summary: 'Bookings, oldest first unless sorted; items as add_booking_items asks' })
  @ApiOkResponse({ type: BookingListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: BookingListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.bookings.list(actor, query, toPageRequest(query, BOOKING_SORT_FIELDS));
    return listEnvelope('bookings', page, (booking) => toBookingDto(booking, responseOutput(this.config, acceptLanguage)));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'Book time slots: each item takes capacity on its slot, or nothing is booked' })
  @ApiCreatedResponse({ type: BookingIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: BookingPostBodyDto): Promise<BookingIdResponseDto> {
    return dataEnvelope({ booking_id: await this.bookings.create(actor, body.booking) });
  }

  @Post('actions/average-booking-busy-times')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'How full the slots were over the period ending with a day, per hour, weekday, day or month' })
  @ApiOkResponse({ type: BusyTimesResponseDto })
  async busyTimes(@Body() body: BusyTimesBodyDto): Promise<BusyTimesResponseDto> {
    return dataEnvelope(toBusyTimesDto(await this.bookings.busyTimes(body)));
  }

  @Get(':booking_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One booking with its items' })
  @ApiOkResponse({ type: BookingResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string, @Headers('accept-language') acceptLanguage?: string) {
    return dataEnvelope(toBookingDto(await this.bookings.get(actor, bookingId), responseOutput(this.config, acceptLanguage)));
  }

  @Put(':booking_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: 'Move a booking to a status the workflow allows, or to another customer; replaces customer and data' })
  @ApiNoContentResponse()
  async update(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string, @Body() body: BookingPutBodyDto): Promise<void> {
    await this.bookings.update(actor, bookingId, body.booking);
  }

  @Delete(':booking_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: 'Delete a booking and its items, giving their capacity back' })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('booking_id') bookingId: string): Promise<void> {
    await this.bookings.remove(actor, bookingId);
  }
}
