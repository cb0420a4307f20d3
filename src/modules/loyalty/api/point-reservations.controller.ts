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
  @ApiOperation({ summary: 'Point reservations in every state' })
  @ApiOkResponse({ type: PointReservationListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: PointReservationListQueryDto) {
    const page = await this.reservations.list(actor, query, toPageRequest(query, POINT_RESERVATION_SORT_FIELDS));
    return listEnvelope('point_reservations', page, (reservation) => toPointReservationDto(reservation, this.config.timeZone));
  }

  @Get(':point_reservation_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One point reservation' })
  @ApiOkResponse({ type: PointReservationResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('point_reservation_id') reservationId: string) {
    return dataEnvelope(toPointReservationDto(await this.reservations.get(actor, reservationId), this.config.timeZone));
  }

  @Post('actions/reserve-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: "Hold part of a customer's spendable points until freed or expired" })
  @ApiNoContentResponse()
  async reserve(@CurrentActor() actor: Actor, @Body() body: ReservePointsBodyDto): Promise<void> {
    await this.reservations.reserve(actor, body);
  }

  @Post('actions/free-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: 'End the hold of an active reservation; the record stays with state 0' })
  @ApiNoContentResponse()
  async free(@CurrentActor() actor: Actor, @Body() body: FreePointsBodyDto): Promise<void> {
    await this.reservations.free(actor, body);
  }
}
