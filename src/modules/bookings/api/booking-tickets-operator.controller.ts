import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { BookingTicketDefinitionRepository } from '../booking-ticket-definition.repository';
import {
  BookingTicketDefinitionDto,
  BookingTicketDefinitionListResponseDto,
  BookingTicketDefinitionResponseDto,
} from '../dto/booking-ticket-definition.dto';

@OperatorResource('booking-tickets')
export class BookingTicketsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly tickets: BookingTicketDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Booking tickets',
    description: 'Active and deactivated, oldest first, each with its property values and every time slot with its capacity.',
  })
  @ApiOkResponse({ type: BookingTicketDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('booking_tickets', await this.tickets.list(query, toPageRequest(query, [])), (ticket) => ticket);
  }

  @Get(':ticket_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One booking ticket', description: 'By id, in any state. 404 when none has it.' })
  @ApiOkResponse({ type: BookingTicketDefinitionResponseDto })
  async show(@Param('ticket_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.tickets, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a booking ticket',
    description: 'Names, an optional validity, values of booking ticket properties, and its time slots with their capacity.',
  })
  @ApiCreatedResponse({ type: BookingTicketDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: BookingTicketDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.tickets, body));
  }

  @Put(':ticket_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a booking ticket',
    description:
      'Replaces the whole definition: slots named by id change, slots without one are added, and slots left out are deleted, except that one bookings have is refused (give it with state 0 instead). A capacity never drops below what bookings hold.',
  })
  @ApiOkResponse({ type: BookingTicketDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('ticket_id') key: string, @Body() body: BookingTicketDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.tickets, key, body));
  }

  @Post(':ticket_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a booking ticket',
    description: 'State 0, which the API shows as blocked: none of its slots takes a new booking, and its bookings stay.',
  })
  @ApiOkResponse({ type: BookingTicketDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('ticket_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.tickets, key, 0));
  }

  @Post(':ticket_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a booking ticket', description: 'State 1 again.' })
  @ApiOkResponse({ type: BookingTicketDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('ticket_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.tickets, key, 1));
  }
}
