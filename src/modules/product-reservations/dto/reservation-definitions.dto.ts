import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { BatchOptionsDto, BatchReportDto, eitherArrayForm, ListQueryDto, MAX_PAGE_SIZE } from '@tessera/http';
import { ProductDto, ProductPluIdDto } from '../../catalogue';

// ---- prices ----

export class ReservationPriceListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Also as reservable_product_id[]' })
  @IsOptional()
  @eitherArrayForm('reservable_product_id')
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  reservable_product_id?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() currency_id?: string;
}

/** One price of a price batch; the product is named by its id, by PLU ids, or by both (the same product). */
export class ReservationPriceRecordDto {
  @ApiPropertyOptional({ description: 'Required without plu_ids' }) @IsOptional() @IsString() @IsNotEmpty() reservable_product_id?: string;
  @ApiPropertyOptional({ type: [ProductPluIdDto], description: 'Required without reservable_product_id' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ProductPluIdDto)
  plu_ids?: ProductPluIdDto[];
  @ApiProperty()
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  value!: number;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() currency_id!: string;
  @ApiPropertyOptional({ description: 'Left out: the price of every store without one of its own' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  store_id?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_reservation_price_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class ReservationPriceBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ReservationPriceRecordDto], maxItems: MAX_PAGE_SIZE, description: 'Each record is validated on its own' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  product_reservation_prices!: unknown[];
}

export class ReservationPriceRefDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() product_reservation_price_id!: string;
}

export class ReservationPriceDeleteBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [ReservationPriceRefDto], maxItems: MAX_PAGE_SIZE, description: 'Each record is validated on its own' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  product_reservation_prices!: unknown[];
}

export class ReservationPriceDto {
  @ApiProperty({ readOnly: true }) product_reservation_price_id!: string;
  @ApiProperty() reservable_product_id!: string;
  @ApiProperty({ type: [ProductPluIdDto], description: "The product's PLU ids" }) plu_ids!: ProductPluIdDto[];
  @ApiProperty() value!: number;
  @ApiProperty() currency_id!: string;
  @ApiPropertyOptional({ description: 'Absent for a price of every store' }) store_id?: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2], description: '0 deleted, 1 active' }) state!: number;
}

export class ReservationPriceListDataDto {
  @ApiProperty({ type: () => [ReservationPriceDto] }) product_reservation_prices!: ReservationPriceDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ReservationPriceListResponseDto {
  @ApiProperty({ type: () => ReservationPriceListDataDto }) data!: ReservationPriceListDataDto;
}

export class ReservationPriceResponseDto {
  @ApiProperty({ type: () => ReservationPriceDto }) data!: ReservationPriceDto;
}

export class ReservationBatchReportResponseDto {
  @ApiProperty({ type: () => BatchReportDto }) data!: BatchReportDto;
}

// ---- sources and external list types ----

export class ReservationSourceDto {
  @ApiProperty({ readOnly: true }) product_reservation_source_id!: string;
  @ApiPropertyOptional({ description: 'In the negotiated language' }) name?: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2], description: '1 active' }) state!: number;
}

export class ReservationSourceListDataDto {
  @ApiProperty({ type: () => [ReservationSourceDto] }) product_reservation_sources!: ReservationSourceDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ReservationSourceListResponseDto {
  @ApiProperty({ type: () => ReservationSourceListDataDto }) data!: ReservationSourceListDataDto;
}

export class ReservationSourceResponseDto {
  @ApiProperty({ type: () => ReservationSourceDto }) data!: ReservationSourceDto;
}

export class ExternalListTypeListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
}

export class ExternalListTypeDto {
  @ApiProperty({ readOnly: true }) product_reservation_external_list_type_id!: string;
  @ApiProperty({ readOnly: true }) name!: string;
}

export class ExternalListTypeListDataDto {
  @ApiProperty({ type: () => [ExternalListTypeDto] }) product_reservation_external_list_types!: ExternalListTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ExternalListTypeListResponseDto {
  @ApiProperty({ type: () => ExternalListTypeListDataDto }) data!: ExternalListTypeListDataDto;
}

export class ExternalListTypeResponseDto {
  @ApiProperty({ type: () => ExternalListTypeDto }) data!: ExternalListTypeDto;
}

// ---- reservable products ----

export class ReservableProductListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'The product code, exactly' }) @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'Products with a reservation price in this store or in every store' })
  @IsOptional()
  @IsString()
  store_id?: string;
  @ApiPropertyOptional({ type: [String], description: 'Any of these tags; also as tag_ids[]' })
  @IsOptional()
  @eitherArrayForm('tag_ids')
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  tag_ids?: string[];
}

export class ReservableProductSearchBodyDto {
  @ApiProperty({ description: 'Part of the name, code or a PLU code, without regard to letter case' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  search_string!: string;
}

export class ReservableProductListDataDto {
  @ApiProperty({ type: () => [ProductDto] }) reservable_products!: ProductDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ReservableProductListResponseDto {
  @ApiProperty({ type: () => ReservableProductListDataDto }) data!: ReservableProductListDataDto;
}

export class ReservableProductResponseDto {
  @ApiProperty({ type: () => ProductDto }) data!: ProductDto;
}

export class FlagDto {
  @ApiProperty() name!: string;
  @ApiProperty() text_id!: string;
}

export class SearchResultDto {
  @ApiProperty({ description: 'The product name' }) search_result_string!: string;
  @ApiProperty({ description: 'The product id' }) resource_id!: string;
  @ApiProperty({ type: [FlagDto], description: "The product's tags" }) flags!: FlagDto[];
}

export class SearchResultListDataDto {
  @ApiProperty({ type: () => [SearchResultDto] }) search_results!: SearchResultDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class SearchResultListResponseDto {
  @ApiProperty({ type: () => SearchResultListDataDto }) data!: SearchResultListDataDto;
}
