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
import { BatchOptionsDto, ListQueryDto, queryArray, queryBoolean } from '@tessera/http';

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

// ---- responses ----

export class CardDto {
  @ApiProperty() card_id!: string;
  @ApiPropertyOptional({ type: String, description: 'Left out while the card has no holder' }) customer_id!: string | null;
  @ApiProperty() card_type_id!: string;
  @ApiProperty() card_number!: string;
  @ApiPropertyOptional({ type: String }) secondary_card_number!: string | null;
  @ApiPropertyOptional({ type: String }) valid_from!: string | null;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
  @ApiPropertyOptional({ type: String }) store_id!: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ enum: [0, 1] }) state!: number;
}

export class CardResponseDto {
  @ApiProperty({ type: () => CardDto }) data!: CardDto;
}

export class CardListDataDto {
  @ApiProperty({ type: () => CardDto, isArray: true }) cards!: CardDto[];
  @ApiProperty() total_items!: number;
}

export class CardListResponseDto {
  @ApiProperty({ type: () => CardListDataDto }) data!: CardListDataDto;
}

export class CardIdDataDto {
  @ApiProperty() card_id!: string;
}

export class CardIdResponseDto {
  @ApiProperty({ type: () => CardIdDataDto }) data!: CardIdDataDto;
}

export class FreeCardValidationDataDto {
  @ApiProperty() is_free_to_use!: boolean;
}

export class FreeCardValidationResponseDto {
  @ApiProperty({ type: () => FreeCardValidationDataDto }) data!: FreeCardValidationDataDto;
}

/** The link to a rendered digital card (also the shape a PassMachine card link would take). */
export class CardFileUrlDataDto {
  @ApiProperty() file_url!: string;
}

export class CardFileUrlResponseDto {
  @ApiProperty({ type: () => CardFileUrlDataDto }) data!: CardFileUrlDataDto;
}

export class IsicCardValidationDataDto {
  @ApiProperty() valid_isic!: boolean;
  @ApiPropertyOptional({ description: 'Only when the usage check was asked for' }) is_free_to_use?: boolean;
}

export class IsicCardValidationResponseDto {
  @ApiProperty({ type: () => IsicCardValidationDataDto }) data!: IsicCardValidationDataDto;
}

export class CardTypeDto {
  @ApiProperty() card_type_id!: string;
  @ApiProperty() text_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() prefix!: string;
}

export class CardTypeResponseDto {
  @ApiProperty({ type: () => CardTypeDto }) data!: CardTypeDto;
}

export class CardTypeListDataDto {
  @ApiProperty({ type: () => CardTypeDto, isArray: true }) card_types!: CardTypeDto[];
  @ApiProperty() total_items!: number;
}

export class CardTypeListResponseDto {
  @ApiProperty({ type: () => CardTypeListDataDto }) data!: CardTypeListDataDto;
}

export class CardTypeIdDataDto {
  @ApiProperty() card_type_id!: string;
}

export class CardTypeIdResponseDto {
  @ApiProperty({ type: () => CardTypeIdDataDto }) data!: CardTypeIdDataDto;
}
