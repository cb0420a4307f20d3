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
  @ApiOperation({ summary: 'Orders, oldest first unless sorted' })
  @ApiOkResponse({ type: OrderListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: OrderListQueryDto) {
    const page = await this.orders.list(actor, query, toPageRequest(query, ORDER_SORT_FIELDS));
    return listEnvelope('orders', page, (order) => toOrderDto(order, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'Create an order; it starts as new' })
  @ApiCreatedResponse({ type: OrderIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: OrderPostBodyDto) {
    return dataEnvelope({ order_id: await this.orders.create(actor, body.order) });
  }

  @Get(':order_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One order' })
  @ApiOkResponse({ type: OrderResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('order_id') orderId: string): Promise<OrderResponseDto> {
    return dataEnvelope(toOrderDto(await this.orders.get(actor, orderId), this.config.timeZone));
  }
}
