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
  @ApiOperation({
    summary: 'Product reservations; cancelled ones only when reservation_state=0 asks for them',
    description:
      "Lists product reservations; cancelled ones appear only when reservation_state=0 asks for them, and the progress history only with include_reservation_progress_history=true. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: ProductReservationListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: ProductReservationListQueryDto, @Headers('accept-language') language?: string) {
    const page = await this.reservations.list(actor, query, toPageRequest(query, RESERVATION_SORT_FIELDS));
    return listEnvelope('product_reservations', page, (view) => toProductReservationDto(view, responseOutput(this.config, language)));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Reserve products; the items are taken from the stock',
    description:
      "Creates a reservation of products for pickup in a store and takes each item's amount from the product's stock in the same transaction, so concurrent reservations never take more than there is. A shortage answers 400 not_allowed_value on the item's amount, a product that cannot be reserved 400 not_found, and nothing is written. The reservation starts as entered, gets a generated reservation code and writes a progress event.",
  })
  @ApiCreatedResponse({ type: ProductReservationIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: ProductReservationBodyDto): Promise<ProductReservationIdResponseDto> {
    return dataEnvelope({ product_reservation_id: await this.reservations.create(actor, body.product_reservation) });
  }

  @Post('actions/change-reservation-state')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Move a reservation to another progress code, as the state machine allows',
    description:
      'Moves a reservation to another progress code: any open code may move to any other, while cancelled and delivered are final. Asking for the current code changes nothing; a refused move answers 400 not_allowed_value on state. Reaching delivered sets the pickup date. Each move is written with a history entry and a progress event.',
  })
  @ApiNoContentResponse()
  async changeState(@CurrentActor() actor: Actor, @Body() body: ChangeReservationStateBodyDto): Promise<void> {
    await this.reservations.changeState(actor, body.product_reservation_id, body.state);
  }

  @Post('actions/set-product-reservation-external-codes')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Set external codes by list type; the types not sent stay as they are',
    description: "Replaces the reservation's external codes of each list type sent; list types not sent keep their codes.",
  })
  @ApiNoContentResponse()
  async setExternalCodes(@CurrentActor() actor: Actor, @Body() body: SetExternalCodesBodyDto): Promise<void> {
    await this.reservations.setExternalCodes(actor, body.product_reservation_id, body.external_reservation_codes);
  }

  @Get(':product_reservation_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One product reservation with its progress history, cancelled ones included',
    description: 'Reads one product reservation with its items and progress history, newest first; cancelled reservations are found too.',
  })
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
  @ApiOperation({
    summary: 'Cancel a reservation; its items go back to the stock',
    description:
      "Moves the reservation to cancelled and gives its items' amounts back to the stock. The body's product_reservation_id must repeat the path id (400 not_allowed_value otherwise); a delivered or already cancelled reservation cannot be cancelled.",
  })
  @ApiNoContentResponse()
  async cancel(
    @CurrentActor() actor: Actor,
    @Param('product_reservation_id') reservationId: string,
    @Body() body: CancelReservationBodyDto,
  ): Promise<void> {
    await this.reservations.cancel(actor, reservationId, body.product_reservation_id);
  }
}
