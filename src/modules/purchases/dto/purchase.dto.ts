import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, IsBoolean, IsDefined, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ListQueryDto, queryBoolean } from '@tessera/http';
import { VoucherDto } from '../../loyalty';

/** The filters every purchase list takes. */
export class PurchaseFilterQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional({ description: 'A purchase type id' }) @IsOptional() @IsString() type_id?: string;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() payment_time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() payment_time_to?: string;
  @ApiPropertyOptional({ default: false, description: 'Fill purchase_items (otherwise an empty list)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  purchase_items_extension?: boolean;
}

/** GET /customers/{customer_id}/purchases */
export class CustomerPurchaseListQueryDto extends PurchaseFilterQueryDto {
  @ApiPropertyOptional({ description: 'The bill_id the purchase was sent with' }) @IsOptional() @IsString() external_purchase_id?: string;
}

/** GET /credits/{credit_id}/purchases */
export class CreditPurchaseListQueryDto extends PurchaseFilterQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
}

/** GET /points/{point_id}/purchases */
export class PointPurchaseListQueryDto extends CreditPurchaseListQueryDto {
  @ApiPropertyOptional({ description: 'The bill_id the purchase was sent with' }) @IsOptional() @IsString() external_purchase_id?: string;
}

/** GET /purchases */
export class PurchaseListQueryDto extends PointPurchaseListQueryDto {
  @ApiPropertyOptional({ default: false, description: 'Fill property_records (otherwise an empty list)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_property_records?: boolean;
}

/** Every filter a purchase list may carry. */
export type PurchaseFilter = Partial<PurchaseListQueryDto>;

/**
 * A purchase as written on PUT: only the customer and card may be given, once; read-only fields are
 * accepted and ignored so a client may echo a record it read.
 */
export class PurchaseInputDto {
  @ApiPropertyOptional({ description: 'Required unless card_number identifies the customer' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() card_number?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() purchase_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() store_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() external_purchase_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() payment_time?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() items_count?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() purchase_items?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() type_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() total_price?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() currency_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() cashdesk_number?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() property_records?: unknown;
}

export class PurchaseBodyDto {
  @ApiProperty({ type: PurchaseInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PurchaseInputDto)
  purchase!: PurchaseInputDto;
}

export class PurchasePropertyRecordDto {
  @ApiProperty({ description: 'The property id and the owning record id, joined by a colon' }) property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiPropertyOptional({ type: String }) property_name?: string | null;
  @ApiPropertyOptional({ description: 'Shaped by the property data type' }) property_value?: unknown;
  @ApiProperty() last_change!: string;
}

export class PurchaseItemDto {
  @ApiProperty() purchase_item_id!: string;
  @ApiProperty() product_id!: string;
  @ApiPropertyOptional({ type: String, description: 'As it was at the purchase' }) product_name?: string | null;
  @ApiPropertyOptional({ type: String }) product_group_id?: string | null;
  @ApiPropertyOptional({ type: String }) product_group_name?: string | null;
  @ApiPropertyOptional({ type: String }) product_brand_id?: string | null;
  @ApiPropertyOptional({ type: String }) product_brand_name?: string | null;
  @ApiPropertyOptional({ type: String }) external_id?: string | null;
  @ApiProperty() purchase_item_type_id!: string;
  @ApiProperty() price!: number;
  @ApiProperty({ description: 'The quantity' }) amount!: number;
  @ApiProperty() vat_rate!: number;
  @ApiProperty({ type: [PurchasePropertyRecordDto] }) additional_properties!: PurchasePropertyRecordDto[];
}

export class PurchaseDto {
  @ApiProperty() purchase_id!: string;
  @ApiProperty({ description: 'Empty while the purchase is anonymous' }) customer_id!: string;
  @ApiProperty() store_id!: string;
  @ApiProperty({ description: 'The bill_id the purchase was sent with' }) external_purchase_id!: string;
  @ApiProperty() payment_time!: string;
  @ApiProperty({ type: 'integer' }) items_count!: number;
  @ApiProperty({ type: [PurchaseItemDto], description: 'Empty unless purchase_items_extension (always filled on the detail)' })
  purchase_items!: PurchaseItemDto[];
  @ApiProperty({ description: 'The purchase type id' }) type_id!: string;
  @ApiProperty() total_price!: number;
  @ApiProperty() currency_id!: string;
  @ApiPropertyOptional({ type: String }) card_number?: string | null;
  @ApiProperty() cashdesk_number!: string;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: [PurchasePropertyRecordDto], description: 'Empty unless include_property_records (always filled on the detail)' })
  property_records!: PurchasePropertyRecordDto[];
}

export class PaymentSummaryDto {
  @ApiProperty() earned_points!: number;
  @ApiProperty() used_credits!: number;
  @ApiProperty({ description: 'Points paid towards the bill' }) used_points!: number;
  @ApiProperty({ description: 'Points paid towards the bill plus points spent on rewards applied at the purchase' })
  used_points_total!: number;
  @ApiProperty({ type: () => VoucherDto, isArray: true })
  used_vouchers!: VoucherDto[];
}
