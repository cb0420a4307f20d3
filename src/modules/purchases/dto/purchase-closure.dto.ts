import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
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
import { ArgumentOfType, missingArgument, UtmDto, PropertyRecordInputDto } from '@tessera/http';

export class BillItemPluIdDto {
  @ApiProperty() @IsDefined() @IsString() list_code!: string;
  @ApiProperty() @IsDefined(missingArgument('PluId')) @IsString() @IsNotEmpty() code!: string;
}

/**
 * Amounts, quantities and discounts of a bill are never negative: the API gives a negative value no
 * meaning, and a cancellation is a bill with `canceled: true` carrying the same positive amounts (decision 21).
 */
export class BillItemDto {
  @ApiProperty({ type: [BillItemPluIdDto] })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => BillItemPluIdDto)
  plu_ids!: BillItemPluIdDto[];
  @ApiProperty() @IsDefined() @IsString() plu_name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() category_plu_id?: string;
  @ApiProperty({ minimum: 0, maximum: 100 }) @IsDefined() @IsNumber() @Min(0) @Max(100) vat_rate!: number;
  @ApiProperty({ minimum: 0 }) @IsDefined() @IsNumber() @Min(0) quantity!: number;
  @ApiProperty({ minimum: 0 }) @IsDefined() @IsNumber() @Min(0) paid_amount!: number;
  @ApiProperty({ minimum: 0 }) @IsDefined() @IsNumber() @Min(0) price!: number;
  /** Checked by the closure so that its absence is reported under the name the API lists. */
  @ApiProperty() @IsOptional() @IsString() bill_item_id?: string;
  @ApiProperty() @IsDefined() @IsBoolean() loyalty_off!: boolean;
  @ApiProperty() @IsDefined() @IsString() purchase_item_type_id!: string;
  @ApiPropertyOptional({ deprecated: true }) @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ type: [PropertyRecordInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  purchase_item_property_records?: PropertyRecordInputDto[];
}

export class BillDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() bill_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() bill_number?: string;
  @ApiProperty({ description: 'YYYY-MM-DD HH:MM:SS or ISO 8601' }) @IsDefined() @IsString() payment_time!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() created_by?: string;
  @ApiProperty() @IsDefined() @IsString() currency_id!: string;
  @ApiProperty({ minimum: 0 }) @IsDefined() @IsNumber() @Min(0) total_price!: number;
  @ApiProperty({ type: [BillItemDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => BillItemDto)
  bill_items!: BillItemDto[];
}

export class PaymentVoucherDto {
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ minimum: 0 }) @IsOptional() @IsNumber() @Min(0) discount_value?: number;
  @ApiPropertyOptional({ minimum: 0 }) @IsOptional() @IsNumber() @Min(0) discount_percent?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() bill_item_id?: string;
}

export class DiscountItemDto {
  @ApiPropertyOptional() @IsOptional() @IsString() discount_code?: string;
  @ApiPropertyOptional({ minimum: 0 }) @IsOptional() @IsNumber() @Min(0) discount_value?: number;
  @ApiPropertyOptional({ minimum: 0 }) @IsOptional() @IsNumber() @Min(0) discount_percent?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string;
  @ApiProperty() @IsDefined() @IsString() bill_item_id!: string;
}

export class PaymentRecapDto {
  @ApiPropertyOptional({ minimum: 0, description: 'Points paid towards the bill' })
  @IsOptional()
  @IsNumber()
  @Min(0)
  credit_points?: number;
  @ApiPropertyOptional({ minimum: 0, description: 'Credits paid towards the bill' })
  @IsOptional()
  @IsNumber()
  @Min(0)
  amount_for_credit?: number;
  @ApiPropertyOptional({ type: [PaymentVoucherDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PaymentVoucherDto)
  vouchers?: PaymentVoucherDto[];
  @ApiPropertyOptional({ type: [DiscountItemDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => DiscountItemDto)
  recommended_discounts?: DiscountItemDto[];
}

export const PAYMENT_TYPE_CODES = ['S', 'A', 'C', 'D'] as const;

export class FinalBillDto extends BillDto {
  @ApiPropertyOptional({ deprecated: true }) @IsOptional() @IsBoolean() fiscal?: boolean;
  @ApiProperty() @IsDefined() @IsString() purchase_type_id!: string;
  @ApiProperty() @IsDefined() @IsBoolean() canceled!: boolean;
  @ApiProperty({ enum: PAYMENT_TYPE_CODES }) @IsDefined() @ArgumentOfType('string') @IsIn(PAYMENT_TYPE_CODES) payment_type!: string;
  @ApiPropertyOptional({ type: PaymentRecapDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentRecapDto)
  payment_recap?: PaymentRecapDto;
  @ApiPropertyOptional({ type: UtmDto }) @IsOptional() @ValidateNested() @Type(() => UtmDto) utm?: UtmDto;
  @ApiPropertyOptional({ type: [PropertyRecordInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  property_records?: PropertyRecordInputDto[];
}

/** Who is buying where: common to every closure action. */
export class CheckoutDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
  @ApiProperty() @IsDefined() @IsInt() cashdesk_number!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() card_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() customer_id?: string;
}

export class RecommendedBestRewardsBodyDto extends CheckoutDto {
  @ApiProperty({ enum: ['F', 'C', 'A'] }) @IsDefined() @IsIn(['F', 'C', 'A']) reward_list_type!: 'F' | 'C' | 'A';
  @ApiProperty({ type: BillDto }) @IsDefined() @ValidateNested() @Type(() => BillDto) bill!: BillDto;
}

export class AcceptPaymentBodyDto extends CheckoutDto {
  @ApiProperty({ enum: PAYMENT_TYPE_CODES }) @IsDefined() @ArgumentOfType('string') @IsIn(PAYMENT_TYPE_CODES) payment_type!: string;
  @ApiPropertyOptional({ minimum: 0, description: 'Points to pay with' }) @IsOptional() @IsNumber() @Min(0) max_points?: number;
  @ApiPropertyOptional({ minimum: 0, description: 'Credits to pay with' }) @IsOptional() @IsNumber() @Min(0) max_credit?: number;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) benefit_codes?: string[];
  @ApiProperty({ type: BillDto }) @IsDefined() @ValidateNested() @Type(() => BillDto) bill!: BillDto;
}

export class SendPurchaseBodyDto extends CheckoutDto {
  @ApiProperty({ type: FinalBillDto }) @IsDefined() @ValidateNested() @Type(() => FinalBillDto) bill!: FinalBillDto;
}

export class AssignCustomerBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_purchase_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() card_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() customer_id?: string;
}

// ---- responses ----

export class PaymentVoucherOutDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() discount_value!: number;
  @ApiPropertyOptional() discount_percent?: number;
  @ApiProperty() bill_item_id!: string;
}

export class DiscountItemOutDto {
  @ApiProperty() discount_code!: string;
  @ApiProperty() discount_value!: number;
  @ApiPropertyOptional() discount_percent?: number;
  @ApiProperty() bill_item_id!: string;
}

export class CashierMessageDto {
  @ApiProperty() text!: string;
}

export class AcceptedPaymentDto {
  @ApiProperty({ type: [DiscountItemOutDto] }) recommended_discounts!: DiscountItemOutDto[];
  @ApiProperty() credit_points!: number;
  @ApiProperty() price_of_credit_points!: number;
  @ApiProperty() credit!: number;
  @ApiProperty({ type: [PaymentVoucherOutDto] }) vouchers!: PaymentVoucherOutDto[];
  @ApiProperty() credit_points_of_this_transaction!: number;
  @ApiProperty() total_credit_points!: number;
  @ApiProperty() total_credit!: number;
  @ApiProperty({ type: [CashierMessageDto] }) messages!: CashierMessageDto[];
}

export class RecommendedRewardPropertiesDto {
  @ApiPropertyOptional() valid_time_from?: string;
  @ApiPropertyOptional() valid_time_to?: string;
}

export class RecommendedRewardDto {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7, 8, 9] }) reward_priority?: number;
  @ApiProperty({ type: 'integer' }) max_count!: number;
  @ApiPropertyOptional({ type: RecommendedRewardPropertiesDto }) reward_properties?: RecommendedRewardPropertiesDto;
}
