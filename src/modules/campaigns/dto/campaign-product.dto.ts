import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto, MAX_PAGE_SIZE, queryArray, queryBoolean } from '@tessera/http';
import { CampaignValueType, DISPLAY_PLACES, DisplayPlace } from '../entities/campaign-product.entity';

export class CampaignProductListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the presentation name, without regard to letter case' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ description: 'The code of the product' }) @IsOptional() @IsString() code?: string;

  @ApiPropertyOptional({ enum: DISPLAY_PLACES, description: 'Shown there (a product without display places is shown everywhere)' })
  @IsOptional()
  @IsIn(DISPLAY_PLACES)
  display_in?: DisplayPlace;

  @ApiPropertyOptional({ type: [String], description: 'Any of these customer types (also accepted as type_id[])' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  type_id?: string[];

  @ApiPropertyOptional({ type: [String], name: 'type_id[]' })
  @IsOptional()
  @Expose({ name: 'type_id[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  type_id_brackets?: string[];

  @ApiPropertyOptional({ description: 'Applies in this store (a product without store records applies in every store)' })
  @IsOptional()
  @IsString()
  store_id?: string;

  @ApiPropertyOptional({ type: 'integer', enum: [1, 2] }) @IsOptional() @Type(() => Number) @IsIn([1, 2]) value_type_id?: number;

  @ApiPropertyOptional({ description: 'true: valid now; false: before or after its validity' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_valid?: boolean;

  @ApiPropertyOptional({ description: 'Valid at some time from then on (YYYY-MM-DD HH:MM:SS or ISO 8601)' })
  @IsOptional()
  @IsString()
  valid_from?: string;

  @ApiPropertyOptional({ description: 'Valid at some time until then (YYYY-MM-DD HH:MM:SS or ISO 8601)' })
  @IsOptional()
  @IsString()
  valid_to?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() campaign_id?: string;

  @ApiPropertyOptional({ description: 'Include campaign_product_property_records (otherwise an empty list)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_property_records?: boolean;
}

export class CampaignPresentationDataInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() subtitle?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() image_url?: string;
}

/** The fields of a campaign product that a client or the operator writes. */
export class CampaignProductFieldsDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() product_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() currency_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() campaign_id!: string;

  @ApiProperty({ description: 'A percentage (0 to 100) or a final price, as value_type_id says' })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 })
  value!: number;

  @ApiProperty({ type: 'integer', enum: [1, 2], description: '1 percentage discount, 2 final price' })
  @IsDefined()
  @IsIn([CampaignValueType.PercentageDiscount, CampaignValueType.FinalPrice])
  value_type_id!: CampaignValueType;

  @ApiProperty({ example: '2025-04-01 00:00:00' }) @IsDefined() @IsString() valid_from!: string;
  @ApiProperty({ example: '2025-04-30 23:59:59', description: 'Not before valid_from' }) @IsDefined() @IsString() valid_to!: string;

  @ApiPropertyOptional({ type: [String], enum: DISPLAY_PLACES, description: 'Empty or absent: everywhere' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsIn(DISPLAY_PLACES, { each: true })
  display_in?: DisplayPlace[];

  @ApiProperty({ description: 'A customer type (GET /customer-types)' }) @IsDefined() @IsString() @IsNotEmpty() type_id!: string;

  @ApiProperty({ type: CampaignPresentationDataInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CampaignPresentationDataInputDto)
  presentation_data!: CampaignPresentationDataInputDto;
}

/** A campaign product as clients write it; read-only fields are accepted (as GET returns them) and ignored. */
export class CampaignProductInputDto extends CampaignProductFieldsDto {
  @ApiPropertyOptional({ readOnly: true }) @Allow() campaign_product_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() campaign_product_property_records?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class CampaignProductBodyDto {
  @ApiProperty({ type: CampaignProductInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CampaignProductInputDto)
  campaign_product!: CampaignProductInputDto;
}

export class CampaignProductStoreRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
  @ApiProperty({ description: 'The campaign product of the path' }) @IsDefined() @IsString() @IsNotEmpty() campaign_product_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() campaign_product_store_record_id?: unknown;
}

export class CampaignProductStoreRecordBodyDto {
  @ApiProperty({ type: CampaignProductStoreRecordInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CampaignProductStoreRecordInputDto)
  campaign_product_store_record!: CampaignProductStoreRecordInputDto;
}

// ---- answers ----

export class CampaignPresentationDataDto {
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) subtitle?: string | null;
  @ApiPropertyOptional({ type: String }) note?: string | null;
  @ApiPropertyOptional({ type: String }) description?: string | null;
  @ApiPropertyOptional({ type: String }) image_url?: string | null;
}

export class CampaignProductPropertyRecordDto {
  @ApiProperty({ description: 'The property id and the campaign product id, joined by a colon' }) property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiPropertyOptional({ type: String }) property_name?: string | null;
  @ApiPropertyOptional({ description: 'As the operator set it' }) property_value?: unknown;
  @ApiProperty() last_change!: string;
}

export class CampaignProductDto {
  @ApiProperty({ readOnly: true }) campaign_product_id!: string;
  @ApiProperty() product_id!: string;
  @ApiProperty() currency_id!: string;
  @ApiProperty() campaign_id!: string;
  @ApiProperty() value!: number;
  @ApiProperty({ type: 'integer', enum: [1, 2], description: '1 percentage discount, 2 final price' }) value_type_id!: number;
  @ApiProperty() valid_from!: string;
  @ApiProperty() valid_to!: string;
  @ApiProperty({ type: [String], description: 'Empty: everywhere' }) display_in!: string[];
  @ApiProperty({ description: 'A customer type' }) type_id!: string;
  @ApiProperty({ type: () => CampaignPresentationDataDto }) presentation_data!: CampaignPresentationDataDto;
  @ApiProperty({ type: () => [CampaignProductPropertyRecordDto], readOnly: true })
  campaign_product_property_records!: CampaignProductPropertyRecordDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' }) state!: number;
}

export class CampaignProductListDataDto {
  @ApiProperty({ type: () => [CampaignProductDto] }) campaign_products!: CampaignProductDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CampaignProductListResponseDto {
  @ApiProperty({ type: () => CampaignProductListDataDto }) data!: CampaignProductListDataDto;
}

export class CampaignProductResponseDto {
  @ApiProperty({ type: () => CampaignProductDto }) data!: CampaignProductDto;
}

export class CampaignProductIdDto {
  @ApiProperty() campaign_product_id!: string;
}

export class CampaignProductIdResponseDto {
  @ApiProperty({ type: () => CampaignProductIdDto }) data!: CampaignProductIdDto;
}

export class CampaignProductStoreRecordDto {
  @ApiProperty({ readOnly: true }) campaign_product_store_record_id!: string;
  @ApiProperty() store_id!: string;
  @ApiProperty() campaign_product_id!: string;
}

export class CampaignProductStoreRecordListDataDto {
  @ApiProperty({ type: () => [CampaignProductStoreRecordDto] }) campaign_product_store_records!: CampaignProductStoreRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CampaignProductStoreRecordListResponseDto {
  @ApiProperty({ type: () => CampaignProductStoreRecordListDataDto }) data!: CampaignProductStoreRecordListDataDto;
}

export class CampaignProductStoreRecordIdDto {
  @ApiProperty() campaign_product_store_record_id!: string;
}

export class CampaignProductStoreRecordIdResponseDto {
  @ApiProperty({ type: () => CampaignProductStoreRecordIdDto }) data!: CampaignProductStoreRecordIdDto;
}
