import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsCalendarDate, ListQueryDto, PostalAddressDto } from '@tessera/http';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../customers';
import { ORDER_STATUSES } from '../order-status';

export class OrderListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer only' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiPropertyOptional({ type: 'integer', enum: [0, 1, 2], description: '1 under way, 2 cancelled or returned' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1, 2])
  state?: number;
}

export class OrderItemInputDto {
  @ApiPropertyOptional({ readOnly: true }) @Allow() order_item_id?: unknown;
  @ApiProperty({ description: "The web shop's product variant" }) @IsDefined() @IsString() @IsNotEmpty() product_variant_id!: string;
  @ApiPropertyOptional({ description: "The order's customer when omitted" }) @IsOptional() @IsString() customer_id?: string;
  @ApiProperty() @IsDefined() @IsNumber() @Min(0) amount!: number;
  @ApiProperty() @IsDefined() @IsNumber() unit_price!: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) @IsDefined() @IsNumber() @Min(0) @Max(100) vat_rate!: number;
}

/** The billing person; consents and agreements are accepted and not kept, as they belong to customer accounts. */
export class OrderPersonalInformationInputDto {
  @ApiPropertyOptional() @IsOptional() @IsString() salutation?: string;
  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5], nullable: true }) @IsOptional() @IsIn([1, 2, 3, 4, 5]) gender?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() last_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pre_nominals?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() post_nominals?: string;
  @ApiPropertyOptional({ format: 'date' }) @IsOptional() @IsCalendarDate() birthdate?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(254) @Matches(EMAIL_PATTERN) email?: string;
  @ApiPropertyOptional({ pattern: PHONE_PATTERN.source }) @IsOptional() @IsString() @Matches(PHONE_PATTERN) phone?: string;
  @ApiProperty() @IsDefined() @IsString() language_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional({ type: PostalAddressDto }) @IsOptional() @ValidateNested() @Type(() => PostalAddressDto) address?: PostalAddressDto;
  @ApiPropertyOptional({ readOnly: true }) @Allow() photo_url?: unknown;
  @ApiPropertyOptional({ deprecated: true, description: 'Not kept with an order' }) @Allow() agreement?: unknown;
  @ApiPropertyOptional({ description: 'Not kept with an order' }) @Allow() consents?: unknown;
}

export class OrderInvoicingInputDto {
  @ApiProperty({ description: 'A payment type (GET /payment-types)' }) @IsDefined() @IsString() @IsNotEmpty() payment_id!: string;
  @ApiPropertyOptional({ example: '2025-01-31 09:15:00', description: 'Set when the order is paid' })
  @IsOptional()
  @IsString()
  paid_date?: string;
  @ApiPropertyOptional({ type: OrderPersonalInformationInputDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderPersonalInformationInputDto)
  personal_information?: OrderPersonalInformationInputDto;
}

export class OrderShippingInputDto {
  @ApiProperty({ description: "The web shop's shipping method" }) @IsDefined() @IsString() @IsNotEmpty() shipping_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() contact_firstname?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() contact_lastname?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() phone?: string;
  @ApiPropertyOptional({ type: PostalAddressDto }) @IsOptional() @ValidateNested() @Type(() => PostalAddressDto) address?: PostalAddressDto;
}

/** A new order (the API's Order); read-only fields are accepted and ignored. */
export class OrderInputDto {
  @ApiPropertyOptional({ readOnly: true }) @Allow() order_id?: unknown;
  @ApiPropertyOptional({ description: 'The external number; a number is assigned when omitted' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  order_number?: string;
  @ApiPropertyOptional({ description: 'Required on the Enterprise interface; the logged-in customer on the Customer interface' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiProperty() @IsDefined() @IsString() currency_id!: string;
  @ApiProperty({ description: 'Kept as sent' }) @IsDefined() @IsNumber() total_price!: number;
  @ApiPropertyOptional({ type: [String], description: 'Recorded only' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  discount_codes?: string[];
  @ApiProperty({ type: [OrderItemInputDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => OrderItemInputDto)
  order_items!: OrderItemInputDto[];
  @ApiProperty({ type: OrderInvoicingInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => OrderInvoicingInputDto)
  invoicing_data!: OrderInvoicingInputDto;
  @ApiPropertyOptional({ type: OrderShippingInputDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderShippingInputDto)
  shipping_data?: OrderShippingInputDto;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_note?: string;
  @ApiPropertyOptional({ readOnly: true, enum: ORDER_STATUSES }) @Allow() order_status?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() shipping_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() program_ranking?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() payment_status?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() invoice_document_url?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class OrderPostBodyDto {
  @ApiProperty({ type: OrderInputDto }) @IsDefined() @ValidateNested() @Type(() => OrderInputDto) order!: OrderInputDto;
}
