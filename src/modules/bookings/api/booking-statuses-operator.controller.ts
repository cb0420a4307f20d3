import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { BookingStatusDefinitionRepository } from '../booking-status-definition.repository';
import {
  BookingStatusDefinitionDto,
  BookingStatusDefinitionListResponseDto,
  BookingStatusDefinitionResponseDto,
} from '../dto/booking-status-definition.dto';

@OperatorResource('booking-statuses')
export class BookingStatusesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly statuses: BookingStatusDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Booking statuses',
    description: 'Active and deactivated, by text id, with their phase, whether each is the default, and how many bookings have it.',
  })
  @ApiOkResponse({ type: BookingStatusDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('booking_statuses', await this.statuses.list(query, toPageRequest(query, [])), (status) => status);
  }

  @Get(':booking_status_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One booking status', description: 'By id or text id. 404 when neither names a booking status.' })
  @ApiOkResponse({ type: BookingStatusDefinitionResponseDto })
  async show(@Param('booking_status_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.statuses, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a booking status',
    description:
      'A text id no other status has, names, and a workflow phase; `is_default` makes it the default in place of the current one.',
  })
  @ApiCreatedResponse({ type: BookingStatusDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: BookingStatusDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.statuses, body));
  }

  @Put(':booking_status_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a booking status',
    description:
      'Replaces the whole definition; the phase changes only while no booking has the status, and the default stays the default until another is made it.',
  })
  @ApiOkResponse({ type: BookingStatusDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('booking_status_key') key: string, @Body() body: BookingStatusDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.statuses, key, body));
  }

  @Post(':booking_status_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a booking status',
    description: 'State 0, which the API shows as blocked: no booking can newly take it, and those that have it keep it. Not the default.',
  })
  @ApiOkResponse({ type: BookingStatusDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('booking_status_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.statuses, key, 0));
  }

  @Post(':booking_status_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a booking status', description: 'State 1 again.' })
  @ApiOkResponse({ type: BookingStatusDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('booking_status_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.statuses, key, 1));
  }
}
