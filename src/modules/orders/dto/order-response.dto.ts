import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PostalAddressOutDto } from '@tessera/http';
import { ORDER_STATUSES } from '../order-status';

export class OrderItemDto {
  @ApiProperty({ readOnly: true }) order_item_id!: string;
  @ApiProperty() product_variant_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() amount!: number;
  @ApiProperty() unit_price!: number;
  @ApiProperty() vat_rate!: number;
}

export class OrderPersonalInformationDto {
  @ApiPropertyOptional() salutation?: string;
  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5], nullable: true }) gender?: number | null;
  @ApiPropertyOptional() first_name?: string;
  @ApiPropertyOptional() last_name?: string;
  @ApiPropertyOptional() pre_nominals?: string;
  @ApiPropertyOptional() post_nominals?: string;
  @ApiPropertyOptional({ format: 'date' }) birthdate?: string;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional() phone?: string;
  @ApiProperty() language_id!: string;
  @ApiPropertyOptional() store_id?: string;
  @ApiPropertyOptional({ type: PostalAddressOutDto }) address?: PostalAddressOutDto;
}

export class OrderInvoicingDto {
  @ApiProperty() payment_id!: string;
  @ApiPropertyOptional({ example: '2025-01-31 09:15:00' }) paid_date?: string | null;
  @ApiPropertyOptional({ type: OrderPersonalInformationDto }) personal_information?: OrderPersonalInformationDto | null;
}

export class OrderShippingDto {
  @ApiProperty() shipping_id!: string;
  @ApiPropertyOptional() contact_firstname?: string;
  @ApiPropertyOptional() contact_lastname?: string;
  @ApiPropertyOptional() phone?: string;
  @ApiPropertyOptional({ type: PostalAddressOutDto }) address?: PostalAddressOutDto;
}

/** An order as the API shows it. */
export class OrderDto {
  @ApiProperty({ readOnly: true }) order_id!: string;
  @ApiProperty() order_number!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() currency_id!: string;
  @ApiProperty() total_price!: number;
  @ApiProperty({ type: [String] }) discount_codes!: string[];
  @ApiProperty({ type: [OrderItemDto] }) order_items!: OrderItemDto[];
  @ApiProperty({ type: OrderInvoicingDto }) invoicing_data!: OrderInvoicingDto;
  @ApiPropertyOptional({ type: OrderShippingDto }) shipping_data?: OrderShippingDto | null;
  @ApiPropertyOptional() customer_note?: string | null;
  @ApiProperty({ readOnly: true, enum: ORDER_STATUSES }) order_status!: string;
  @ApiPropertyOptional({ readOnly: true, format: 'date' }) shipping_date?: string | null;
  @ApiProperty({ readOnly: true, type: 'integer', description: "The order's place in its customer's series of orders" })
  program_ranking!: number;
  @ApiProperty({ readOnly: true, enum: ['paid', 'unpaid'] }) payment_status!: string;
  @ApiPropertyOptional({ readOnly: true }) invoice_document_url?: string | null;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
}

export class OrderListDataDto {
  @ApiProperty({ type: [OrderDto] }) orders!: OrderDto[];
  @ApiProperty() total_items!: number;
}

export class OrderListResponseDto {
  @ApiProperty({ type: OrderListDataDto }) data!: OrderListDataDto;
}

export class OrderResponseDto {
  @ApiProperty({ type: OrderDto }) data!: OrderDto;
}

export class OrderIdDto {
  @ApiProperty() order_id!: string;
}

export class OrderIdResponseDto {
  @ApiProperty({ type: OrderIdDto }) data!: OrderIdDto;
}
