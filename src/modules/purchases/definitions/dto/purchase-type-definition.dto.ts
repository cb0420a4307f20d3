import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const TEXT_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const TEXT_ID_MESSAGE = 'text_id is lowercase letters, digits, - and _ (at most 100)';

/** A purchase type as the operator defines it (operator API body, `tessera purchase-type define` file). */
export class PurchaseTypeDefinitionDto {
  @ApiProperty({ description: 'The key purchases name it by', example: 'store_purchase' })
  @IsDefined()
  @IsString()
  @Matches(TEXT_ID, { message: TEXT_ID_MESSAGE })
  text_id!: string;

  @ApiProperty({ example: 'Store purchase' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class PurchaseTypeDefinitionViewDto extends PurchaseTypeDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) purchase_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PurchaseTypeDefinitionListDto {
  @ApiProperty({ type: [PurchaseTypeDefinitionViewDto] }) purchase_types!: PurchaseTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class PurchaseTypeDefinitionListResponseDto {
  @ApiProperty({ type: PurchaseTypeDefinitionListDto }) data!: PurchaseTypeDefinitionListDto;
}

export class PurchaseTypeDefinitionResponseDto {
  @ApiProperty({ type: PurchaseTypeDefinitionViewDto }) data!: PurchaseTypeDefinitionViewDto;
}

/** A purchase item type: its flags decide what loyalty does with an item of the type. */
export class PurchaseItemTypeDefinitionDto extends PurchaseTypeDefinitionDto {
  @ApiProperty({ description: 'Items of the type earn points', example: true }) @IsDefined() @IsBoolean() collects_points!: boolean;
  @ApiProperty({ description: 'Rewards apply to items of the type', example: true }) @IsDefined() @IsBoolean() rewards_apply!: boolean;
  @ApiProperty({ description: 'Items of the type may be paid with points', example: true })
  @IsDefined()
  @IsBoolean()
  payable_by_points!: boolean;
  @ApiProperty({ description: 'Items of the type may be paid with points only', example: false })
  @IsDefined()
  @IsBoolean()
  points_payment_only!: boolean;
}

export class PurchaseItemTypeDefinitionViewDto extends PurchaseItemTypeDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) purchase_item_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PurchaseItemTypeDefinitionListDto {
  @ApiProperty({ type: [PurchaseItemTypeDefinitionViewDto] }) purchase_item_types!: PurchaseItemTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class PurchaseItemTypeDefinitionListResponseDto {
  @ApiProperty({ type: PurchaseItemTypeDefinitionListDto }) data!: PurchaseItemTypeDefinitionListDto;
}

export class PurchaseItemTypeDefinitionResponseDto {
  @ApiProperty({ type: PurchaseItemTypeDefinitionViewDto }) data!: PurchaseItemTypeDefinitionViewDto;
}
