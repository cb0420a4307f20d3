import { RecommendedProductDto } from './dto/product-recommendation.dto';
import { RecommendedProduct } from './product-recommendation.service';

export function toRecommendedProductDto(product: RecommendedProduct): RecommendedProductDto {
  return { product_id: product.productId, plu_ids: product.pluIds };
}

/** The engine actions' answer: the products and how many there are. */
export function recommendedProductsEnvelope(products: RecommendedProduct[]) {
  return { data: { recommended_products_list: products.map(toRecommendedProductDto), total_items: products.length } };
}
