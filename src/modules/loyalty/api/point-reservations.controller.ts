import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  FreePointsBodyDto,
  PointReservationListQueryDto,
  PointReservationListResponseDto,
  PointReservationResponseDto,
  ReservePointsBodyDto,
} from '../dto/point-reservations.dto';
import { toPointReservationDto } from '../loyalty.mapper';
import { POINT_RESERVATION_SORT_FIELDS, PointReservationService } from '../point-reservation.service';

/** Holds on customers' points (scoped to the logged-in customer on the Customer interface). */
@ApiResource('point-reservations')
@ApiTags('Point reservation')
export class PointReservationsController {
  constructor(
    private readonly reservations: PointReservationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Point reservations in every state',
    description:
      "Lists point reservations, whether active, freed (state 0) or expired (state 2); filter by customer_id or by external_id, the client's own reference.",
  })
  @ApiOkResponse({ type: PointReservationListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: PointReservationListQueryDto) {
    const page = await this.reservations.list(actor, query, toPageRequest(query, POINT_RESERVATION_SORT_FIELDS));
    return listEnvelope('point_reservations', page, (reservation) => toPointReservationDto(reservation, this.config.timeZone));
  }

  @Get(':point_reservation_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One point reservation',
    description: 'Reads one point reservation by id, with its state: a reservation whose expiration has passed reads as expired.',
  })
  @ApiOkResponse({ type: PointReservationResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('point_reservation_id') reservationId: string) {
    return dataEnvelope(toPointReservationDto(await this.reservations.get(actor, reservationId), this.config.timeZone));
  }

  @Post('actions/reserve-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: "Hold part of a customer's spendable points until freed or expired",
    description:
      "Holds an amount of the customer's default-type points until expiration_time (or until freed), so that no deduction, transfer or point payment can spend them meanwhile. The amount must be positive, have at most two decimals and not exceed what the customer can spend now (400 not_allowed_value); external_id must be unique among active reservations (400 already_exists). The answer has no id: find the reservation with the external_id filter. Nothing consumes a reservation; a client that uses the points frees it first.",
  })
  @ApiNoContentResponse()
  async reserve(@CurrentActor() actor: Actor, @Body() body: ReservePointsBodyDto): Promise<void> {
    await this.reservations.reserve(actor, body);
  }

  @Post('actions/free-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'End the hold of an active reservation; the record stays with state 0',
    description:
      'Frees the active reservation with the given external_id: its points become spendable again and the record stays with state 0. An unknown external_id, or one whose reservation is already freed or expired, answers 400 not_found.',
  })
  @ApiNoContentResponse()
  async free(@CurrentActor() actor: Actor, @Body() body: FreePointsBodyDto): Promise<void> {
    await this.reservations.free(actor, body);
  }
}
