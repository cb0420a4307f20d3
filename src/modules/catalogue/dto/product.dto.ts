import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { BatchOptionsDto, ListQueryDto, MAX_PAGE_SIZE, queryArray } from '@tessera/http';
import { TagDto } from './tag.dto';

/** Prices are numeric(18, 4) in the database. */
const MAX_PRICE = 99_999_999_999_999;

export class ProductListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'A PLU code; with external_type_code only in that code list' })
  @IsOptional()
  @IsString()
  external_id?: string;
  @ApiPropertyOptional({ example: 'GLOBAL', description: 'Code list of external_id, and the list external_id is answered from' })
  @IsOptional()
  @IsString()
  external_type_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;

  @ApiPropertyOptional({ type: [String], name: 'tag_ids[]', description: 'Any of these tags' })
  @IsOptional()
  @Expose({ name: 'tag_ids[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  tag_ids?: string[];
}

export class ProductPluIdDto {
  @ApiProperty({ example: 'GLOBAL' }) @IsDefined() @IsString() @IsNotEmpty() list_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() code!: string;
}

export class PriceDto {
  @ApiProperty() @IsDefined() @IsString() currency_id!: string;
  @ApiProperty({ example: 650.5, minimum: 0, description: 'Kept to 4 decimal places' })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_PRICE)
  value!: number;
}

export class ProductPropertyRecordDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() property_id!: string;
  @ApiPropertyOptional({ description: 'Any JSON value' }) @Allow() property_value?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() property_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() property_name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class ProductTagRefDto {
  @ApiProperty() @IsDefined() @IsString() tag_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() text_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

/** One product of a batch; matched to an existing product by its PLU ids (see README). */
export class ProductBatchRecordDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;

  @ApiProperty({ type: [ProductPluIdDto] })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ProductPluIdDto)
  plu_ids!: ProductPluIdDto[];

  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_group_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_group_external_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_brand_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_brand_external_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;

  @ApiPropertyOptional({ type: [ProductPropertyRecordDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ProductPropertyRecordDto)
  property_records?: ProductPropertyRecordDto[];

  @ApiPropertyOptional({ type: [PriceDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => PriceDto)
  prices?: PriceDto[];

  @ApiPropertyOptional({ type: [ProductTagRefDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ProductTagRefDto)
  tags?: ProductTagRefDto[];

  @ApiPropertyOptional({ enum: [0, 1], default: 1 }) @IsOptional() @IsIn([0, 1]) state?: number;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_id?: unknown;
}

export class ProductBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ProductBatchRecordDto], maxItems: MAX_PAGE_SIZE, description: 'Each record is validated on its own' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  products!: unknown[];
}

export class ProductPropertyRecordOutDto {
  @ApiProperty() property_id!: string;
  @ApiPropertyOptional() property_value?: unknown;
}

export class PriceOutDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty() value!: number;
}

export class ProductDto {
  @ApiProperty() product_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) code?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    deprecated: true,
    description: 'A PLU code: from external_type_code when given, else the first',
  })
  external_id?: string | null;
  @ApiProperty({ type: [ProductPluIdDto] }) plu_ids!: ProductPluIdDto[];
  @ApiPropertyOptional({ type: String, nullable: true }) product_group_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) product_brand_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) partner_id?: string | null;
  @ApiProperty({ type: [PriceOutDto] }) prices!: PriceOutDto[];
  @ApiProperty({ type: [ProductPropertyRecordOutDto] }) additional_properties!: ProductPropertyRecordOutDto[];
  @ApiProperty({ type: [String] }) image_urls!: string[];
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
  @ApiProperty({ type: [TagDto] }) tags!: TagDto[];
}
