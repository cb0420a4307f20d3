import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  ReservableProductDefinitionDto,
  ReservableProductDefinitionListResponseDto,
  ReservableProductDefinitionResponseDto,
} from '../dto/reservable-product-definition.dto';
import { ReservableProductDefinitionRepository } from '../reservable-product-definition.repository';

@OperatorResource('reservable-products')
export class ReservableProductsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly products: ReservableProductDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Reservable products',
    description:
      "The products that can be reserved, with their stock left, active and deactivated; q finds part of the product's name or code.",
  })
  @ApiOkResponse({ type: ReservableProductDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('reservable_products', await this.products.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':product_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'One reservable product',
    description: 'By product id or product code. 404 when neither names a reservable product.',
  })
  @ApiOkResponse({ type: ReservableProductDefinitionResponseDto })
  async show(@Param('product_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.products, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Make a product reservable',
    description:
      'The product by id or code, and the stock to reserve from (none: no limit). A product that is reservable already is refused; change it instead.',
  })
  @ApiCreatedResponse({ type: ReservableProductDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: ReservableProductDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.products, body));
  }

  @Put(':product_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: "Change a reservable product's stock",
    description: 'Sets the stock left to reserve; the product stays the same.',
  })
  @ApiOkResponse({ type: ReservableProductDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('product_key') key: string, @Body() body: ReservableProductDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.products, key, body));
  }

  @Post(':product_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a reservable product',
    description:
      'State 0: its reservations and stock are kept, but the contract no longer lists or reads it and takes no new reservations or prices for it.',
  })
  @ApiOkResponse({ type: ReservableProductDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('product_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.products, key, 0));
  }

  @Post(':product_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a reservable product', description: 'State 1 again: reservable with the stock it kept.' })
  @ApiOkResponse({ type: ReservableProductDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('product_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.products, key, 1));
  }
}
