import { ApiProperty } from '@nestjs/swagger';
import { BatchReportDto } from '@tessera/http';
import { ProductBrandDto } from './product-brand.dto';
import { ProductGroupDto } from './product-group.dto';
import { ProductDto } from './product.dto';
import { TagDto } from './tag.dto';

export class ProductBrandListDataDto {
  @ApiProperty({ type: () => [ProductBrandDto] }) product_brands!: ProductBrandDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ProductBrandListResponseDto {
  @ApiProperty({ type: () => ProductBrandListDataDto }) data!: ProductBrandListDataDto;
}

export class ProductBrandResponseDto {
  @ApiProperty({ type: () => ProductBrandDto }) data!: ProductBrandDto;
}

export class ProductGroupListDataDto {
  @ApiProperty({ type: () => [ProductGroupDto] }) product_groups!: ProductGroupDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ProductGroupListResponseDto {
  @ApiProperty({ type: () => ProductGroupListDataDto }) data!: ProductGroupListDataDto;
}

export class ProductGroupResponseDto {
  @ApiProperty({ type: () => ProductGroupDto }) data!: ProductGroupDto;
}

export class ProductListDataDto {
  @ApiProperty({ type: () => [ProductDto] }) products!: ProductDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ProductListResponseDto {
  @ApiProperty({ type: () => ProductListDataDto }) data!: ProductListDataDto;
}

export class ProductResponseDto {
  @ApiProperty({ type: () => ProductDto }) data!: ProductDto;
}

export class TagListDataDto {
  @ApiProperty({ type: () => [TagDto] }) tags!: TagDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class TagListResponseDto {
  @ApiProperty({ type: () => TagListDataDto }) data!: TagListDataDto;
}

/** A batch with error_processing 2 in which some records failed. */
export class CatalogueBatchReportResponseDto {
  @ApiProperty({ type: () => BatchReportDto }) data!: BatchReportDto;
}
