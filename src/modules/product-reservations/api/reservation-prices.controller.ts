import { Body, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiInterface, ApiResource, batchAnswer, dataEnvelope, ErrorProcessing, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  ReservationBatchReportResponseDto,
  ReservationPriceBatchBodyDto,
  ReservationPriceDeleteBodyDto,
  ReservationPriceListQueryDto,
  ReservationPriceListResponseDto,
  ReservationPriceResponseDto,
} from '../dto/reservation-definitions.dto';
import { toReservationPriceDto } from '../product-reservations.mapper';
import { PRICE_SORT_FIELDS, ReservationPriceService } from '../reservation-price.service';

/** Reservation prices: read on both interfaces, written in batches on the Enterprise one. */
@ApiResource('product-reservation-prices')
@ApiTags('Product reservation prices')
export class ReservationPricesController {
  constructor(
    private readonly prices: ReservationPriceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Reservation prices',
    description:
      "Lists the live reservation prices, each with its product's PLU ids; deleted prices are left out. Filters by one or more `reservable_product_id`, by `store_id` and by `currency_id`.",
  })
  @ApiOkResponse({ type: ReservationPriceListResponseDto })
  async list(@Query() query: ReservationPriceListQueryDto) {
    const page = await this.prices.list(query, toPageRequest(query, PRICE_SORT_FIELDS));
    return listEnvelope('product_reservation_prices', page, (view) => toReservationPriceDto(view, this.config.timeZone));
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create or update up to 1,000 prices, by product, store and currency',
    description:
      'Writes each price by its key of reservable product (named by id, by PLU ids, or both when they agree), store (none: every store) and currency; sending a key again replaces its value. `error_processing` decides whether one bad record fails the whole batch or only itself. Enterprise interface only.',
  })
  @ApiNoContentResponse({ description: 'Every record was written' })
  @ApiOkResponse({
    type: ReservationBatchReportResponseDto,
    description: 'Some records failed (error_processing 2); the others were written',
  })
  async batch(@Body() body: ReservationPriceBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(
      await this.prices.upsertBatch(body.product_reservation_prices, body.error_processing ?? ErrorProcessing.AllOrNothing),
      reply,
    );
  }

  @Delete('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete up to 1,000 prices',
    description:
      'Marks each named price deleted, so it leaves the lists and reads; an unknown or already deleted id is a failed record. `error_processing` decides whether such a failure undoes the whole batch. Enterprise interface only.',
  })
  @ApiNoContentResponse({ description: 'Every record was deleted' })
  @ApiOkResponse({
    type: ReservationBatchReportResponseDto,
    description: 'Some records failed (error_processing 2); the others were deleted',
  })
  async deleteBatch(@Body() body: ReservationPriceDeleteBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(
      await this.prices.deleteBatch(body.product_reservation_prices, body.error_processing ?? ErrorProcessing.AllOrNothing),
      reply,
    );
  }

  @Get(':product_reservation_price_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One reservation price',
    description: "Reads one live reservation price with its product's PLU ids. 404 when the id names no price or a deleted one.",
  })
  @ApiOkResponse({ type: ReservationPriceResponseDto })
  async get(@Param('product_reservation_price_id') priceId: string): Promise<ReservationPriceResponseDto> {
    return dataEnvelope(toReservationPriceDto(await this.prices.get(priceId), this.config.timeZone));
  }
}
