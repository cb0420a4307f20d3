import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  ReservationPriceDefinitionDto,
  ReservationPriceDefinitionListResponseDto,
  ReservationPriceDefinitionResponseDto,
} from '../dto/reservation-price-definition.dto';
import { ReservationPriceDefinitionRepository } from '../reservation-price-definition.repository';

@OperatorResource('product-reservation-prices')
export class ReservationPricesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly prices: ReservationPriceDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Reservation prices',
    description: "Every reservation price, active and deactivated, by product; q finds part of the product's name or code.",
  })
  @ApiOkResponse({ type: ReservationPriceDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('product_reservation_prices', await this.prices.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':product_reservation_price_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One reservation price', description: 'By id. 404 when no price has it.' })
  @ApiOkResponse({ type: ReservationPriceDefinitionResponseDto })
  async show(@Param('product_reservation_price_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.prices, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a reservation price',
    description:
      'A reservable product (id or code), a store (id or store code; none: every store), a currency (id or ISO code) and the value. One active price per product, store and currency.',
  })
  @ApiCreatedResponse({ type: ReservationPriceDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: ReservationPriceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.prices, body));
  }

  @Put(':product_reservation_price_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a reservation price',
    description: 'Replaces its product, store, currency and value, as create takes them.',
  })
  @ApiOkResponse({ type: ReservationPriceDefinitionResponseDto })
  async change(
    @OperatorWriter() actor: AuditActor,
    @Param('product_reservation_price_id') key: string,
    @Body() body: ReservationPriceDefinitionDto,
  ) {
    return dataEnvelope(await this.lifecycle.change(actor, this.prices, key, body));
  }

  @Post(':product_reservation_price_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a reservation price',
    description: "State 0, what the contract calls deleted: it leaves the contract's lists and reads.",
  })
  @ApiOkResponse({ type: ReservationPriceDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('product_reservation_price_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.prices, key, 0));
  }

  @Post(':product_reservation_price_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Activate a reservation price',
    description: 'State 1 again, unless another active price has its product, store and currency.',
  })
  @ApiOkResponse({ type: ReservationPriceDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('product_reservation_price_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.prices, key, 1));
  }
}
