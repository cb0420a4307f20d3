import { Body, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { OrderIdResponseDto, OrderListResponseDto, OrderResponseDto } from '../dto/order-response.dto';
import { OrderListQueryDto, OrderPostBodyDto } from '../dto/order.dto';
import { ORDER_SORT_FIELDS, OrderService } from '../order.service';
import { toOrderDto } from '../orders.mapper';

/** E-shop orders: on the Customer interface the logged-in customer's only. */
@ApiResource('orders')
@ApiTags('Orders')
export class OrdersController {
  constructor(
    private readonly orders: OrderService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Orders, oldest first unless sorted',
    description:
      "Lists e-shop orders, oldest first unless sorted; the state filter tells orders under way (1) from cancelled or returned ones (2). On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: OrderListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: OrderListQueryDto) {
    const page = await this.orders.list(actor, query, toPageRequest(query, ORDER_SORT_FIELDS));
    return listEnvelope('orders', page, (order) => toOrderDto(order, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Create an order; it starts as new',
    description:
      "Stores an e-shop order with its items and an order_created customer event in one transaction; it starts with order_status new. Without order_number it gets the next internal number; program_ranking is its place in the customer's series. The payment type, currency and customer must exist (400 not_found, named under order.); total_price and discount codes are stored as sent. On the Customer interface the order belongs to the logged-in customer.",
  })
  @ApiCreatedResponse({ type: OrderIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: OrderPostBodyDto) {
    return dataEnvelope({ order_id: await this.orders.create(actor, body.order) });
  }

  @Get(':order_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One order',
    description: "Reads one order with its items; on the Customer interface another customer's order answers 404.",
  })
  @ApiOkResponse({ type: OrderResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('order_id') orderId: string): Promise<OrderResponseDto> {
    return dataEnvelope(toOrderDto(await this.orders.get(actor, orderId), this.config.timeZone));
  }
}
