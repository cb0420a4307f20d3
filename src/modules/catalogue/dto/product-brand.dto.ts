import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { BatchOptionsDto, ListQueryDto, MAX_PAGE_SIZE } from '@tessera/http';

export class ProductBrandListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

/** One brand of a batch; matched to an existing brand by `external_id`. */
export class ProductBrandBatchRecordDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_brand_id?: unknown;
}

export class ProductBrandBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ProductBrandBatchRecordDto], maxItems: MAX_PAGE_SIZE, description: 'Each record is validated on its own' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  product_brands!: unknown[];
}

export class ProductBrandDto {
  @ApiProperty() product_brand_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() external_id!: string;
}
