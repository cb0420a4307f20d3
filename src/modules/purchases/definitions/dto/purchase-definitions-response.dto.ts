import { ApiProperty } from '@nestjs/swagger';
import { PaymentTypeDto, PurchasePropertyDto, PurchaseTypeDto } from './purchase-definitions.dto';

export class PurchaseTypeListDataDto {
  @ApiProperty({ type: () => [PurchaseTypeDto] }) purchase_types!: PurchaseTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchaseTypeListResponseDto {
  @ApiProperty({ type: () => PurchaseTypeListDataDto }) data!: PurchaseTypeListDataDto;
}

/** Item types share the purchase type's shape under their own list key. */
export class PurchaseItemTypeListDataDto {
  @ApiProperty({ type: () => [PurchaseTypeDto] }) purchase_item_types!: PurchaseTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchaseItemTypeListResponseDto {
  @ApiProperty({ type: () => PurchaseItemTypeListDataDto }) data!: PurchaseItemTypeListDataDto;
}

export class PaymentTypeListDataDto {
  @ApiProperty({ type: () => [PaymentTypeDto] }) payment_types!: PaymentTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PaymentTypeListResponseDto {
  @ApiProperty({ type: () => PaymentTypeListDataDto }) data!: PaymentTypeListDataDto;
}

export class PaymentTypeResponseDto {
  @ApiProperty({ type: () => PaymentTypeDto }) data!: PaymentTypeDto;
}

export class PurchasePropertyListDataDto {
  @ApiProperty({ type: () => [PurchasePropertyDto] }) purchase_properties!: PurchasePropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchasePropertyListResponseDto {
  @ApiProperty({ type: () => PurchasePropertyListDataDto }) data!: PurchasePropertyListDataDto;
}

/** Purchase and purchase item property definitions share one shape. */
export class PurchasePropertyResponseDto {
  @ApiProperty({ type: () => PurchasePropertyDto }) data!: PurchasePropertyDto;
}

export class PurchaseItemPropertyListDataDto {
  @ApiProperty({ type: () => [PurchasePropertyDto] }) purchase_item_properties!: PurchasePropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchaseItemPropertyListResponseDto {
  @ApiProperty({ type: () => PurchaseItemPropertyListDataDto }) data!: PurchaseItemPropertyListDataDto;
}
