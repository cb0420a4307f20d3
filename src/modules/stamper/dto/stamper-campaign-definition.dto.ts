import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
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
import { TextTranslationDto } from '../../loyalty';
import { STAMPER_RELATED_TO, type StamperRelatedTo } from '../entities/stamper-campaign.entity';

/** A condition that earns stamps; with its id it stays the condition the stamps it earned name. */
export class StamperConditionDefinitionDto {
  @ApiPropertyOptional({
    description: 'Keeps this condition of the campaign; left out, a new one',
    example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  stamper_condition_id?: string;

  @ApiPropertyOptional({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'Buy two coffees' }] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];

  @ApiProperty({ description: 'What the condition counts in a purchase', enum: STAMPER_RELATED_TO, example: 'product' })
  @IsDefined()
  @IsIn(STAMPER_RELATED_TO)
  related_to!: StamperRelatedTo;

  @ApiPropertyOptional({
    description: 'The products, product groups or brands counted; none for purchase_amount',
    example: ['9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  related_ids?: string[];

  @ApiPropertyOptional({ description: 'Units a purchase needs for a stamp', example: 2 })
  @IsOptional()
  @IsNumber()
  @Min(0.001)
  @Max(1_000_000)
  minimum_quantity?: number;

  @ApiPropertyOptional({ description: 'Amount a purchase needs for a stamp (purchase_amount only)', example: 20 })
  @IsOptional()
  @IsNumber()
  @Min(0.01)
  @Max(1_000_000_000)
  minimum_amount?: number;

  @ApiPropertyOptional({ description: 'Stamps one purchase earns at most; 1 when left out', example: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  max_stamps_per_purchase?: number;
}

/** A stamp on the card that issues a voucher of its own before the card is full. */
export class StamperCheckpointDefinitionDto {
  @ApiPropertyOptional({
    description: 'Keeps this checkpoint of the campaign; left out, a new one',
    example: '8a0b1c2d3e4f5a6b3f9a1c7e5b2d4e6f',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  stamper_bonus_checkpoint_id?: string;

  @ApiPropertyOptional({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'A cookie' }] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];

  @ApiProperty({ description: 'The stamp that reaches it, at most stamp_count', example: 3 })
  @IsDefined()
  @IsInt()
  @Min(1)
  stamp_number!: number;

  @ApiProperty({ description: 'The reward (id or code) whose voucher it issues', example: 'COOKIE' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  reward_id!: string;
}

/** A stamp card campaign as the operator defines it (operator API body, `tessera stamper-campaign define` file). */
export class StamperCampaignDefinitionDto {
  @ApiProperty({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'Tenth coffee free' }] })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];

  @ApiPropertyOptional({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'Ten coffees, one free' }] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];

  @ApiPropertyOptional({ description: 'Only purchases of this partner earn stamps', example: '1c2d3e4f5a6b3f9a1c7e5b2d4e6f8a0b' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  partner_id?: string;

  @ApiProperty({ description: 'Stamps that fill a card', example: 10 })
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(1000)
  stamp_count!: number;

  @ApiPropertyOptional({ description: "In the project's time zone", example: '2026-01-01 00:00:00' })
  @IsOptional()
  @IsString()
  valid_from?: string;

  @ApiPropertyOptional({ description: "In the project's time zone", example: '2026-12-31 23:59:59' })
  @IsOptional()
  @IsString()
  valid_to?: string;

  @ApiProperty({ description: 'Cards a customer may fill in this campaign', example: 1 })
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  count_of_campaign_repetitions!: number;

  @ApiProperty({ description: 'The reward (id or code) whose voucher a full card issues', example: 'FREECOFFEE' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  reward_id!: string;

  @ApiProperty({ type: [StamperConditionDefinitionDto] })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => StamperConditionDefinitionDto)
  stamper_conditions!: StamperConditionDefinitionDto[];

  @ApiPropertyOptional({ type: [StamperCheckpointDefinitionDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => StamperCheckpointDefinitionDto)
  stamper_bonus_checkpoints?: StamperCheckpointDefinitionDto[];
}

export class StamperCampaignDefinitionViewDto extends StamperCampaignDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) stamper_campaign_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
  @ApiProperty({ description: 'Cards customers hold in the campaign', example: 42 }) card_count!: number;
}

class StamperCampaignDefinitionListDto {
  @ApiProperty({ type: [StamperCampaignDefinitionViewDto] }) stamper_campaigns!: StamperCampaignDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class StamperCampaignDefinitionListResponseDto {
  @ApiProperty({ type: StamperCampaignDefinitionListDto }) data!: StamperCampaignDefinitionListDto;
}

export class StamperCampaignDefinitionResponseDto {
  @ApiProperty({ type: StamperCampaignDefinitionViewDto }) data!: StamperCampaignDefinitionViewDto;
}
