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
  @ApiOperation({
    summary: "The candidates the customer's shopping speaks for, best first (possibly none)",
    description:
      "Keeps only the candidate products the customer's own evidence speaks for (bought by them, bought with their products, scored for them by a third party, or strongly of their groups and brands), best first; popularity alone never passes, so the list may be empty. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.",
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productEliminate(@CurrentActor() actor: Actor, @Body() body: ProductEliminateBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productEliminate(actor, body));
  }

  @Post('product/actions/order')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: "Every candidate, best first for the customer's shopping",
    description:
      'Ranks every candidate product for the customer by a weighted mix of their own purchases, their groups and brands, products bought with theirs, recent popularity and third-party scores; count cuts the list. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.',
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productOrder(@CurrentActor() actor: Actor, @Body() body: ProductRankBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productOrder(actor, body));
  }

  @Post('product/actions/combine')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: "The candidates that pass elimination, topped up with the engine's own best picks to count (default 10)",
    description:
      "Eliminates candidates as the eliminate action does, then tops the answer up to count (default 10) with the engine's own picks for the customer: active products that are neither candidates nor in the cart. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.",
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async productCombine(@CurrentActor() actor: Actor, @Body() body: ProductRankBodyDto) {
    return recommendedProductsEnvelope(await this.engine.productCombine(actor, body));
  }

  @Post('shopping-cart/actions/eliminate')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The candidates other customers bought with the cart, best first (possibly none)',
    description:
      "Keeps only the candidate products that others bought with the cart's products (or that a third party scored for them), best first; when nothing is known of the cart, the customer's evidence decides. The list may be empty. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.",
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartEliminate(@CurrentActor() actor: Actor, @Body() body: CartEliminateBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartEliminate(actor, body));
  }

  @Post('shopping-cart/actions/order')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every candidate, best first for the cart',
    description:
      "Ranks every candidate product for the cart, chiefly by how often it was bought with the cart's products; on the Customer interface the logged-in customer's purchases count too. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.",
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartOrder(@CurrentActor() actor: Actor, @Body() body: CartOrderBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartOrder(actor, body));
  }

  @Post('shopping-cart/actions/combine')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The candidates that pass cart elimination, topped up with what goes with the cart to count (default 10)',
    description:
      "Eliminates candidates as the cart eliminate action does, then tops the answer up to count (default 10) with what goes with the cart and the engine's own picks. Computed from the purchases in the database; writes nothing. An unknown product or customer id answers 400 not_found naming it.",
  })
  @ApiOkResponse({ type: RecommendedProductListResponseDto })
  async cartCombine(@CurrentActor() actor: Actor, @Body() body: CartCombineBodyDto) {
    return recommendedProductsEnvelope(await this.engine.cartCombine(actor, body));
  }
}
