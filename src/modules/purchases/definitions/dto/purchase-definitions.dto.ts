import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '../../../../../libs/http/src';

export class TextIdQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class PurchasePropertyQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

/** A purchase type or a purchase item type as the API shows it. */
export interface PurchaseTypeDto {
  type_id: string;
  name: string;
  text_id: string;
}

export interface PaymentTypeDto {
  payment_type_id: string;
  name: string;
  last_change: string;
}

export interface PurchasePropertyItemDto {
  id: string;
  name: string;
  resource_record_id: string | null;
  state: number;
}

export interface PurchasePropertyDto {
  property_id: string;
  name: string;
  data_type: string;
  items: PurchasePropertyItemDto[];
  is_required: boolean;
  is_unique: boolean;
  last_change: string;
  state: number;
}
