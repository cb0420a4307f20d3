import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers } from '@tessera/http';
import {
  CartCombineBodyDto,
  CartEliminateBodyDto,
  CartOrderBodyDto,
  ProductEliminateBodyDto,
  ProductRankBodyDto,
  RecommendedProductListResponseDto,
} from '../dto/product-recommendation.dto';
import { ProductRecommendationService } from '../product-recommendation.service';
import { recommendedProductsEnvelope } from '../recommendations.mapper';

/** The engine's six actions; they compute an answer and change nothing. */
@ApiResource('recommendation-engine')
@ApiTags('Product recommendation engine')
export class RecommendationEngineController {
  constructor(private readonly engine: ProductRecommendationService) {}

  @Post('product/actions/eliminate')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: "The candidates the customer's shopping speaks for, best first (possibly none)" })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productEliminate(@CurrentActor() actor: Actor, @Body() body: ProductEliminateBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productEliminate(actor, body));
  }

  @Post('product/actions/order')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: "Every candidate, best first for the customer's shopping" })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productOrder(@CurrentActor() actor: Actor, @Body() body: ProductRankBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productOrder(actor, body));
  }

  @Post('product/actions/combine')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: "The candidates that pass elimination, topped up with the engine's own best picks to count (default 10)" })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productCombine(@CurrentActor() actor: Actor, @Body() body: ProductRankBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productCombine(actor, body));
  }

  @Post('shopping-cart/actions/eliminate')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'The candidates other customers bought with the cart, best first (possibly none)' })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartEliminate(@CurrentActor() actor: Actor, @Body() body: CartEliminateBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartEliminate(actor, body));
  }

  @Post('shopping-cart/actions/order')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'Every candidate, best first for the cart' })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartOrder(@CurrentActor() actor: Actor, @Body() body: CartOrderBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartOrder(actor, body));
  }

  @Post('shopping-cart/actions/combine')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'The candidates that pass cart elimination, topped up with what goes with the cart to count (default 10)' })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartCombine(@CurrentActor() actor: Actor, @Body() body: CartCombineBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartCombine(actor, body));
  }
}
