import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class TextIdQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class PurchasePropertyQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

/** A purchase type or a purchase item type as the API shows it. */
export class PurchaseTypeDto {
  @ApiProperty() type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() text_id!: string;
}

export class PaymentTypeDto {
  @ApiProperty() payment_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

/** One choice of an enumerated purchase property. */
export class PurchasePropertyItemDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) resource_record_id!: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class PurchasePropertyDto {
  @ApiProperty() property_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() data_type!: string;
  @ApiProperty({ type: () => [PurchasePropertyItemDto] }) items!: PurchasePropertyItemDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}
