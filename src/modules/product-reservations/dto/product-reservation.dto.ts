import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto, MAX_PAGE_SIZE, queryBoolean, queryInteger, UtmDto } from '@tessera/http';
import { RESERVATION_PROGRESS_CODES, ReservationProgress } from '../reservation-progress';

/** Item amounts are numeric(14, 3), which holds less than the limit on every number of a request. */
const MAX_AMOUNT = 99_999_999_999.999;
const PROGRESS_DESCRIPTION = '0 cancelled, 1 entered, 2 accepted, 4 delivered, 5 in progress, 6 not picked up, 7 ordered, 8 being solved';

export class ProductReservationListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional({ type: 'integer', enum: RESERVATION_PROGRESS_CODES, description: PROGRESS_DESCRIPTION })
  @IsOptional()
  @Transform(queryInteger)
  @IsInt()
  @IsIn(RESERVATION_PROGRESS_CODES)
  reservation_state?: ReservationProgress;
  @ApiPropertyOptional({ description: 'Needs external_reservation_code' })
  @IsOptional()
  @IsString()
  external_reservation_list_type_id?: string;
  @ApiPropertyOptional({ description: 'Needs external_reservation_list_type_id' })
  @IsOptional()
  @IsString()
  external_reservation_code?: string;
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_reservation_progress_history?: boolean;
}

export class ExternalCodeDto {
  @ApiProperty({ description: 'A product reservation external list type' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  external_code_type_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() value!: string;
}

export class ProductReservationItemDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() reservable_product_id!: string;
  @ApiProperty({ description: 'Above zero' })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 })
  @Min(0.001)
  @Max(MAX_AMOUNT)
  amount!: number;
  @ApiPropertyOptional({ description: 'Needs vat_rate' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  unit_price?: number;
  @ApiPropertyOptional({ description: 'Needs unit_price' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(999)
  vat_rate?: number;
}

/** A reservation as clients write it; read-only fields are accepted (as GET returns them) and ignored. */
export class ProductReservationInputDto {
  @ApiPropertyOptional({ description: 'The logged-in customer on the Customer interface; required on the Enterprise one' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiProperty({ description: 'The pickup store' }) @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() product_reservation_source_id!: string;
  @ApiPropertyOptional({ type: [ExternalCodeDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ExternalCodeDto)
  external_reservation_codes?: ExternalCodeDto[];
  @ApiPropertyOptional({ type: [String], description: 'Voucher or reward codes, kept with the reservation' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  benefit_codes?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() customers_note?: string;
  @ApiPropertyOptional({ description: 'Needs currency_id' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  total_price?: number;
  @ApiPropertyOptional({ description: 'Needs total_price' }) @IsOptional() @IsString() @IsNotEmpty() currency_id?: string;
  @ApiPropertyOptional({ type: [ProductReservationItemDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ProductReservationItemDto)
  product_reservation_items?: ProductReservationItemDto[];
  @ApiPropertyOptional() @IsOptional() @IsString() external_purchase_id?: string;
  @ApiPropertyOptional({ type: UtmDto }) @IsOptional() @ValidateNested() @Type(() => UtmDto) utm?: UtmDto;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_reservation_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() reservation_codes?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() pickup_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() actual_state?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() reservation_progress_history?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() comments?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class ProductReservationBodyDto {
  @ApiProperty({ type: ProductReservationInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => ProductReservationInputDto)
  product_reservation!: ProductReservationInputDto;
}

export class CancelReservationBodyDto {
  @ApiProperty({ description: 'The id in the path, repeated' }) @IsDefined() @IsString() @IsNotEmpty() product_reservation_id!: string;
}

export class ChangeReservationStateBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() product_reservation_id!: string;
  @ApiProperty({ type: 'integer', enum: RESERVATION_PROGRESS_CODES, description: PROGRESS_DESCRIPTION })
  @IsDefined()
  @IsInt()
  @IsIn(RESERVATION_PROGRESS_CODES)
  state!: ReservationProgress;
}

export class SetExternalCodesBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() product_reservation_id!: string;
  @ApiProperty({ type: [ExternalCodeDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @ValidateNested({ each: true })
  @Type(() => ExternalCodeDto)
  external_reservation_codes!: ExternalCodeDto[];
}

export class ProductReservationItemOutDto {
  @ApiProperty() reservable_product_id!: string;
  @ApiProperty() amount!: number;
  @ApiPropertyOptional() unit_price?: number;
  @ApiPropertyOptional() vat_rate?: number;
}

export class ExternalCodeOutDto {
  @ApiProperty() external_code_type_id!: string;
  @ApiProperty() value!: string;
}

export class ProductReservationProgressDto {
  @ApiProperty({ type: 'integer', readOnly: true, description: 'The progress code reached' }) reservation_progress_id!: number;
  @ApiProperty({ readOnly: true }) reservation_progress_text!: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) reservation_progress_time!: string;
}

export class ProductReservationCommentDto {
  @ApiProperty({ readOnly: true }) comment_text!: string;
  @ApiProperty({ readOnly: true }) comment_time!: string;
}

export class ProductReservationDto {
  @ApiProperty({ readOnly: true }) product_reservation_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() store_id!: string;
  @ApiProperty({ type: [String], readOnly: true }) reservation_codes!: string[];
  @ApiProperty({ type: [ExternalCodeOutDto] }) external_reservation_codes!: ExternalCodeOutDto[];
  @ApiProperty({ type: [String] }) benefit_codes!: string[];
  @ApiProperty() product_reservation_source_id!: string;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-31', description: 'The day it was delivered' }) pickup_date?: string;
  @ApiPropertyOptional() customers_note?: string;
  @ApiPropertyOptional() total_price?: number;
  @ApiPropertyOptional() currency_id?: string;
  @ApiProperty({ type: [ProductReservationItemOutDto] }) product_reservation_items!: ProductReservationItemOutDto[];
  @ApiPropertyOptional() external_purchase_id?: string;
  @ApiPropertyOptional({ type: UtmDto }) utm?: UtmDto;
  @ApiProperty({ readOnly: true, type: 'integer', enum: RESERVATION_PROGRESS_CODES, description: PROGRESS_DESCRIPTION })
  actual_state!: number;
  @ApiProperty({ type: [ProductReservationProgressDto], readOnly: true, description: 'Newest first; empty unless asked for in lists' })
  reservation_progress_history!: ProductReservationProgressDto[];
  @ApiProperty({ type: [ProductReservationCommentDto], readOnly: true }) comments!: ProductReservationCommentDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2], description: '1 active' }) state!: number;
}

export class ProductReservationListDataDto {
  @ApiProperty({ type: () => [ProductReservationDto] }) product_reservations!: ProductReservationDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ProductReservationListResponseDto {
  @ApiProperty({ type: () => ProductReservationListDataDto }) data!: ProductReservationListDataDto;
}

export class ProductReservationResponseDto {
  @ApiProperty({ type: () => ProductReservationDto }) data!: ProductReservationDto;
}

export class ProductReservationIdDto {
  @ApiProperty() product_reservation_id!: string;
}

export class ProductReservationIdResponseDto {
  @ApiProperty({ type: () => ProductReservationIdDto }) data!: ProductReservationIdDto;
}
