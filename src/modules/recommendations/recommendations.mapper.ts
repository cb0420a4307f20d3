import { listEnvelope } from '@tessera/http';
import { RecommendedProductDto } from './dto/product-recommendation.dto';
import { RecommendedProduct } from './product-recommendation.service';

export function toRecommendedProductDto(product: RecommendedProduct): RecommendedProductDto {
  return { product_id: product.productId, plu_ids: product.pluIds };
}

/** The engine actions' answer: the products, all of them, as a list. */
export function recommendedProductsEnvelope(products: RecommendedProduct[]) {
  return listEnvelope('recommended_products_list', { items: products, total: products.length }, toRecommendedProductDto);
}
