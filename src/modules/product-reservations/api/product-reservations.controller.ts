import { Body, Get, Headers, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
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
import {
  CancelReservationBodyDto,
  ChangeReservationStateBodyDto,
  ProductReservationBodyDto,
  ProductReservationIdResponseDto,
  ProductReservationListQueryDto,
  ProductReservationListResponseDto,
  ProductReservationResponseDto,
  SetExternalCodesBodyDto,
} from '../dto/product-reservation.dto';
import { ProductReservationService, RESERVATION_SORT_FIELDS } from '../product-reservation.service';
import { toProductReservationDto } from '../product-reservations.mapper';

/** Product reservations: customer data, scoped to the logged-in customer on the Customer interface. */
@ApiResource('product-reservations')
@ApiTags('Product reservations')
export class ProductReservationsController {
  constructor(
    private readonly reservations: ProductReservationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'Product reservations; cancelled ones only when reservation_state=0 asks for them' })
  @ApiOkResponse({ type: ProductReservationListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: ProductReservationListQueryDto, @Headers('accept-language') language?: string) {
    const page = await this.reservations.list(actor, query, toPageRequest(query, RESERVATION_SORT_FIELDS));
    return listEnvelope('product_reservations', page, (view) => toProductReservationDto(view, responseOutput(this.config, language)));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(201)
  @ApiOperation({ summary: 'Reserve products; the items are taken from the stock' })
  @ApiCreatedResponse({ type: ProductReservationIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: ProductReservationBodyDto): Promise<ProductReservationIdResponseDto> {
    return dataEnvelope({ product_reservation_id: await this.reservations.create(actor, body.product_reservation) });
  }

  @Post('actions/change-reservation-state')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({ summary: 'Move a reservation to another progress code, as the state machine allows' })
  @ApiNoContentResponse()
  async changeState(@CurrentActor() actor: Actor, @Body() body: ChangeReservationStateBodyDto): Promise<void> {
    await this.reservations.changeState(actor, body.product_reservation_id, body.state);
  }

  @Post('actions/set-product-reservation-external-codes')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({ summary: 'Set external codes by list type; the types not sent stay as they are' })
  @ApiNoContentResponse()
  async setExternalCodes(@CurrentActor() actor: Actor, @Body() body: SetExternalCodesBodyDto): Promise<void> {
    await this.reservations.setExternalCodes(actor, body.product_reservation_id, body.external_reservation_codes);
  }

  @Get(':product_reservation_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One product reservation with its progress history, cancelled ones included' })
  @ApiOkResponse({ type: ProductReservationResponseDto })
  async get(
    @CurrentActor() actor: Actor,
    @Param('product_reservation_id') reservationId: string,
    @Headers('accept-language') language?: string,
  ): Promise<ProductReservationResponseDto> {
    return dataEnvelope(toProductReservationDto(await this.reservations.get(actor, reservationId), responseOutput(this.config, language)));
  }

  @Post(':product_reservation_id/actions/cancel-reservation')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel a reservation; its items go back to the stock' })
  @ApiNoContentResponse()
  async cancel(
    @CurrentActor() actor: Actor,
    @Param('product_reservation_id') reservationId: string,
    @Body() body: CancelReservationBodyDto,
  ): Promise<void> {
    await this.reservations.cancel(actor, reservationId, body.product_reservation_id);
  }
}
