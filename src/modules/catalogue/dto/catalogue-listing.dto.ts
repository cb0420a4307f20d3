import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export const PRODUCT_LISTING_SORT_FIELDS = ['name', 'code', 'last_change'] as const;
export const PRODUCT_GROUP_LISTING_SORT_FIELDS = ['name', 'code', 'last_change'] as const;
export const PRODUCT_BRAND_LISTING_SORT_FIELDS = ['name', 'external_id', 'last_change'] as const;

/** Brands have no state: a page, a sort and a text to look for. */
export class ProductBrandListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, or the whole external id', example: 'acme' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

/** A product as the operator picks it: its names and where it sits in the catalogue. */
export class ProductListingDto {
  @ApiProperty({ example: '9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' }) product_id!: string;
  @ApiProperty({ example: 'Flat white' }) name!: string;
  @ApiPropertyOptional({ example: 'FW-250' }) code?: string;
  @ApiPropertyOptional({ example: '2b3c4d5e6f708192a3b4c5d6e7f80910' }) product_group_id?: string;
  @ApiPropertyOptional({ example: 'Coffee' }) product_group_name?: string;
  @ApiPropertyOptional({ example: '7f8091a2b3c4d5e6f708192a3b4c5d6e' }) product_brand_id?: string;
  @ApiPropertyOptional({ example: 'House roast' }) product_brand_name?: string;
  @ApiPropertyOptional({ example: '1c2d3e4f5a6b3f9a1c7e5b2d4e6f8a0b' }) partner_id?: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

export class ProductGroupListingDto {
  @ApiProperty({ example: '2b3c4d5e6f708192a3b4c5d6e7f80910' }) product_group_id!: string;
  @ApiProperty({ description: "The client's own id of the group", example: 'coffee' }) external_id!: string;
  @ApiProperty({ example: 'Coffee' }) name!: string;
  @ApiPropertyOptional({ example: 'C01' }) code?: string;
  @ApiPropertyOptional({ example: '3c4d5e6f708192a3b4c5d6e7f8091011' }) parent_product_group_id?: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

export class ProductBrandListingDto {
  @ApiProperty({ example: '7f8091a2b3c4d5e6f708192a3b4c5d6e' }) product_brand_id!: string;
  @ApiProperty({ description: "The client's own id of the brand", example: 'house-roast' }) external_id!: string;
  @ApiProperty({ example: 'House roast' }) name!: string;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ProductListingListDto {
  @ApiProperty({ type: [ProductListingDto] }) products!: ProductListingDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}
class ProductGroupListingListDto {
  @ApiProperty({ type: [ProductGroupListingDto] }) product_groups!: ProductGroupListingDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}
class ProductBrandListingListDto {
  @ApiProperty({ type: [ProductBrandListingDto] }) product_brands!: ProductBrandListingDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class ProductListingListResponseDto {
  @ApiProperty({ type: ProductListingListDto }) data!: ProductListingListDto;
}
export class ProductListingResponseDto {
  @ApiProperty({ type: ProductListingDto }) data!: ProductListingDto;
}
export class ProductGroupListingListResponseDto {
  @ApiProperty({ type: ProductGroupListingListDto }) data!: ProductGroupListingListDto;
}
export class ProductGroupListingResponseDto {
  @ApiProperty({ type: ProductGroupListingDto }) data!: ProductGroupListingDto;
}
export class ProductBrandListingListResponseDto {
  @ApiProperty({ type: ProductBrandListingListDto }) data!: ProductBrandListingListDto;
}
export class ProductBrandListingResponseDto {
  @ApiProperty({ type: ProductBrandListingDto }) data!: ProductBrandListingDto;
}
