import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { BOOKING_TICKET_SORT_FIELDS, BookingTicketService, TIME_SLOT_SORT_FIELDS } from '../booking-ticket.service';
import { toBookingTicketDto, toTimeSlotDto } from '../bookings.mapper';
import { BookingTicketListResponseDto, BookingTicketResponseDto, TimeSlotListResponseDto } from '../dto/booking-response.dto';
import { BookingTicketListQueryDto, TimeSlotListQueryDto } from '../dto/booking.dto';

/** What can be booked, and its time slots with their free capacity. */
@ApiResource('booking-tickets')
@ApiTags('Booking tickets')
export class BookingTicketsController {
  constructor(
    private readonly tickets: BookingTicketService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Booking tickets',
    description:
      'Lists booking tickets. valid_from and valid_to keep the tickets whose validity overlaps that range, valid_only those valid now, customer_id those on which the customer holds a booking item, and a property id with a value those carrying that value. Names are given in the language Accept-Language picks.',
  })
  @ApiOkResponse({ type: BookingTicketListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: BookingTicketListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    const page = await this.tickets.list(actor, query, toPageRequest(query, BOOKING_TICKET_SORT_FIELDS));
    const output = { timeZone: this.config.timeZone, acceptLanguage, defaultLanguage: this.config.defaultLanguage };
    return listEnvelope('booking_tickets', page, (ticket) => toBookingTicketDto(ticket, output));
  }

  @Get(':booking_ticket_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One booking ticket',
    description: 'Returns a booking ticket by its id, its name in the language Accept-Language picks; 404 when there is none.',
  })
  @ApiOkResponse({ type: BookingTicketResponseDto })
  async get(@Param('booking_ticket_id') ticketId: string, @Headers('accept-language') acceptLanguage?: string) {
    const output = { timeZone: this.config.timeZone, acceptLanguage, defaultLanguage: this.config.defaultLanguage };
    return dataEnvelope(toBookingTicketDto(await this.tickets.get(ticketId), output));
  }

  @Get(':booking_ticket_id/time-slots')
  @Offers('both')
  @ApiOperation({
    summary: "A ticket's time slots, earliest first unless sorted",
    description:
      'Lists the time slots of one ticket. free_only=true keeps active slots with capacity left and false the full ones; time_from and time_to keep slots overlapping that interval, and customer_id those the customer holds a booking item on. 404 when the ticket does not exist.',
  })
  @ApiOkResponse({ type: TimeSlotListResponseDto })
  async timeSlots(@CurrentActor() actor: Actor, @Param('booking_ticket_id') ticketId: string, @Query() query: TimeSlotListQueryDto) {
    const page = await this.tickets.timeSlots(actor, ticketId, query, toPageRequest(query, TIME_SLOT_SORT_FIELDS));
    return listEnvelope('time_slots', page, (slot) => toTimeSlotDto(slot, this.config.timeZone));
  }
}
