import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { BatchOptionsDto, ListQueryDto, queryArray, queryBoolean } from '../../../../libs/http/src';

export class CardNumberQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() card_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() card_type_id?: string;

  @ApiPropertyOptional({ description: 'true: within the validity range; false: before or after it' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_valid?: boolean;

  @ApiPropertyOptional({ type: [String], description: 'Any of these numbers (also accepted as card_number_list[])' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  card_number_list?: string[];

  @ApiPropertyOptional({ type: [String], name: 'card_number_list[]' })
  @IsOptional()
  @Expose({ name: 'card_number_list[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  card_number_list_brackets?: string[];
}

export class CardListQueryDto extends CardNumberQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;

  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1])
  state?: number;

  @ApiPropertyOptional({ description: 'true: card_number and card_number_list match secondary numbers only' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  search_secondary_card_number?: boolean;
}

export class CardTypeCardsQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_valid?: boolean;
}

/** A card as written by clients; read-only fields are accepted and ignored. */
export class CardInputDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_type_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_number!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() secondary_card_number?: string;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional({ example: '2030-12-31 23:59:59' }) @IsOptional() @IsString() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiProperty({ enum: [0, 1], description: '0 blocked, 1 active' }) @IsDefined() @IsInt() @IsIn([0, 1]) state!: number;

  @ApiPropertyOptional({ readOnly: true }) @Allow() card_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class CardBodyDto {
  @ApiProperty({ type: CardInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CardInputDto)
  card!: CardInputDto;
}

export class CardBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [CardInputDto], maxItems: 1000 })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CardInputDto)
  cards!: CardInputDto[];
}

export class AssignFreeCardBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_type_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional({ description: 'A particular free card; otherwise the oldest free card of the type' })
  @IsOptional()
  @IsString()
  card_number?: string;
}

export class ValidateFreeCardBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_number!: string;
}

export const DIGITAL_CARD_FILE_TYPES = ['png', 'qr-png', 'wallet'] as const;
export type DigitalCardFileType = (typeof DIGITAL_CARD_FILE_TYPES)[number];

export class GenerateDigitalCardFileBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_id!: string;
  @ApiProperty({ enum: DIGITAL_CARD_FILE_TYPES }) @IsDefined() @IsIn(DIGITAL_CARD_FILE_TYPES) file_type!: DigitalCardFileType;
}

export class GeneratePassMachineCardBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() passmachine_template_id?: string;
}

export class ValidateIsicCardBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() card_number!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() last_name!: string;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() check_usage?: boolean;
}

export class CardTypeListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;

  @ApiPropertyOptional({ type: [String], description: 'Any of these text ids (also accepted as text_id[])' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  text_id?: string[];

  @ApiPropertyOptional({ type: [String], name: 'text_id[]' })
  @IsOptional()
  @Expose({ name: 'text_id[]' })
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  text_id_brackets?: string[];
}

export class CardTypeInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiProperty({ description: 'Every card number of the type starts with it' }) @IsDefined() @IsString() prefix!: string;

  @ApiPropertyOptional({ readOnly: true }) @Allow() card_type_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() text_id?: unknown;
}

export class CardTypeBodyDto {
  @ApiProperty({ type: CardTypeInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CardTypeInputDto)
  card_type!: CardTypeInputDto;
}

export interface CardDto {
  card_id: string;
  customer_id: string | null;
  card_type_id: string;
  card_number: string;
  secondary_card_number: string | null;
  valid_from: string | null;
  valid_to: string | null;
  store_id: string | null;
  last_change: string;
  state: number;
}

export interface CardTypeDto {
  card_type_id: string;
  text_id: string;
  name: string;
  prefix: string;
}
