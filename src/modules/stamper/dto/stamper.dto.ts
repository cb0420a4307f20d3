import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { eitherArrayForm, ListQueryDto, MAX_PAGE_SIZE, queryBoolean } from '@tessera/http';

export class StamperCampaignListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name in any language, without regard to letter case' })
  @IsOptional()
  @IsString()
  name?: string;
  @ApiPropertyOptional({ description: 'Campaigns valid at some time from then on' }) @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional({ description: 'Campaigns valid at some time until then' }) @IsOptional() @IsString() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional({ description: 'true: valid now; false: not yet or no longer valid' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_valid?: boolean;
}

export class StamperCardListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ type: [String], description: 'Also as stamper_campaign_id[]' })
  @IsOptional()
  @eitherArrayForm('stamper_campaign_id')
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  stamper_campaign_id?: string[];
  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '0' ? 0 : value === '1' ? 1 : value))
  @IsInt()
  @IsIn([0, 1])
  state?: 0 | 1;
  @ApiPropertyOptional({ type: String, description: 'true: full cards only; false: cards with a free place' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  filled_up?: boolean;
}

export class StamperStampListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Also as stamper_card_id[]' })
  @IsOptional()
  @eitherArrayForm('stamper_card_id')
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  stamper_card_id?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() stamper_condition_id?: string;
}

export class StamperConditionDto {
  @ApiProperty({ readOnly: true }) stamper_condition_id!: string;
  @ApiPropertyOptional({ description: 'In the language Accept-Language negotiates' }) description?: string;
}

export class StamperBonusCheckpointDto {
  @ApiProperty({ readOnly: true }) stamper_bonus_checkpoint_id!: string;
  @ApiPropertyOptional({ description: 'In the language Accept-Language negotiates' }) description?: string;
  @ApiProperty({ type: 'integer', description: 'The stamp that unlocks the bonus' }) stamp_number!: number;
}

export class StamperCampaignDto {
  @ApiProperty({ readOnly: true }) stamper_campaign_id!: string;
  @ApiPropertyOptional({ readOnly: true }) partner_id?: string | null;
  @ApiPropertyOptional({ description: 'In the language Accept-Language negotiates' }) name?: string;
  @ApiPropertyOptional({ description: 'In the language Accept-Language negotiates' }) description?: string;
  @ApiProperty({ readOnly: true, type: 'integer', description: 'Places on one card' }) stamp_count!: number;
  @ApiPropertyOptional({ example: '2025-03-15 17:00:00' }) valid_from?: string | null;
  @ApiPropertyOptional({ example: '2025-07-15 17:00:00' }) valid_to?: string | null;
  @ApiProperty({ type: 'integer', description: 'How many cards a customer can fill' }) count_of_campaign_repetitions!: number;
  @ApiProperty({ type: () => [StamperConditionDto] }) stamper_conditions!: StamperConditionDto[];
  @ApiProperty({ type: () => [StamperBonusCheckpointDto] }) stamper_bonus_checkpoints!: StamperBonusCheckpointDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 deleted, 1 active' }) state!: number;
}

export class StamperStampDto {
  @ApiProperty({ readOnly: true }) stamp_id!: string;
  @ApiProperty({ readOnly: true }) customer_id!: string;
  @ApiPropertyOptional({ readOnly: true, description: 'Left out for a stamp an event rule granted' }) purchase_id?: string;
  @ApiPropertyOptional({ readOnly: true }) stamper_card_id?: string | null;
  @ApiPropertyOptional({ readOnly: true, type: 'integer', description: 'Place on the card; left out when the stamp has none' })
  stamp_order?: number | null;
  @ApiPropertyOptional({ readOnly: true, description: 'Left out for a stamp an earning rule granted, which names it in earning_rule_id' })
  stamper_condition_id?: string;
  @ApiPropertyOptional({
    readOnly: true,
    description: 'The earning rule that granted the stamp; left out for one a stamp card condition earned',
  })
  earning_rule_id?: string;
  @ApiProperty({ example: '2025-01-31 09:15:00' }) created_at!: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 deleted, 1 active' }) state!: number;
}

export class StamperCardDto {
  @ApiProperty({ readOnly: true }) stamper_card_id!: string;
  @ApiProperty({ readOnly: true }) stamper_campaign_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty({ readOnly: true, type: 'integer' }) stamper_card_order!: number;
  @ApiProperty({ readOnly: true }) is_filled_up!: boolean;
  @ApiProperty({ type: () => [StamperStampDto] }) stamps!: StamperStampDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) created_at!: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' }) state!: number;
}
