import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { BatchOptionsDto } from '@tessera/http';

const MAX_PRODUCTS = 1000;

/** A list of up to 1000 product ids. */
function ProductIds(description: string, required = false): PropertyDecorator {
  return applyDecorators(
    required
      ? ApiProperty({ type: [String], maxItems: MAX_PRODUCTS, description })
      : ApiPropertyOptional({ type: [String], maxItems: MAX_PRODUCTS, description }),
    required ? IsDefined() : IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_PRODUCTS),
    IsString({ each: true }),
  );
}

const CANDIDATES = 'The products to choose from, by product_id';
const CART = 'The products in the cart, by product_id';

/** At most this many products in the answer. */
function Count(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: MAX_PRODUCTS, description: 'At most this many products in the answer' }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(MAX_PRODUCTS),
  );
}

export class ProductEliminateBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ProductIds(CANDIDATES) product_id_list?: string[];
}

export class ProductRankBodyDto extends ProductEliminateBodyDto {
  @Count() count?: number;
}

export class CartEliminateBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ProductIds(CART) cart_product_ids?: string[];
  @ProductIds(CANDIDATES) product_id_list?: string[];
}

export class CartCombineBodyDto extends CartEliminateBodyDto {
  @Count() count?: number;
}

/** The contract's cart order names no customer: the cart is required instead. */
export class CartOrderBodyDto {
  @ProductIds(CART, true) cart_product_ids!: string[];
  @ProductIds(CANDIDATES) product_id_list?: string[];
  @Count() count?: number;
}

export class PluIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() list_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() code!: string;
}

/** A product named by its id or by any of its PLU ids. */
export class ProductReferenceDto {
  @ApiPropertyOptional({ description: 'Required unless plu_ids are given' }) @IsOptional() @IsString() @IsNotEmpty() product_id?: string;
  @ApiPropertyOptional({ type: [PluIdDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PRODUCTS)
  @ValidateNested({ each: true })
  @Type(() => PluIdDto)
  plu_ids?: PluIdDto[];
}

export class ThirdPartyRecommendationDto {
  @ApiPropertyOptional({ description: 'The customer the products are recommended to; required without products' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;

  @ApiPropertyOptional({
    type: [ProductReferenceDto],
    description: 'Cart products the recommendation applies to; required without customer_id',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PRODUCTS)
  @ValidateNested({ each: true })
  @Type(() => ProductReferenceDto)
  products?: ProductReferenceDto[];

  @ApiProperty({ type: ProductReferenceDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => ProductReferenceDto)
  recommended_product!: ProductReferenceDto;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() recommendation_system_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() recommendation_system_dataset_id!: string;
  @ApiProperty({ description: 'Higher is better; compared only with scores of the same system and dataset' })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  score!: number;
}

export class ThirdPartyRecommendationBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ThirdPartyRecommendationDto], maxItems: MAX_PRODUCTS })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PRODUCTS)
  @ValidateNested({ each: true })
  @Type(() => ThirdPartyRecommendationDto)
  third_party_recommendations!: ThirdPartyRecommendationDto[];
}

export class RecommendedProductDto {
  @ApiProperty() product_id!: string;
  @ApiProperty({ type: [PluIdDto] }) plu_ids!: PluIdDto[];
}

export class RecommendedProductListDto {
  @ApiProperty({ type: [RecommendedProductDto] }) recommended_products_list!: RecommendedProductDto[];
  @ApiProperty() total_items!: number;
}

export class RecommendedProductListResponseDto {
  @ApiProperty({ type: RecommendedProductListDto }) data!: RecommendedProductListDto;
}
