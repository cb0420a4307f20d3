import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export const RULE_SCOPE_NAMES = ['project', 'partner', 'store'] as const;

export class LoyaltyRuleValueDto {
  @ApiProperty({
    description: 'Where the value applies; a store value wins over its partner’s, which wins over the project’s',
    enum: RULE_SCOPE_NAMES,
    example: 'store',
  })
  @IsDefined()
  @IsIn(RULE_SCOPE_NAMES)
  scope!: (typeof RULE_SCOPE_NAMES)[number];
  @ApiPropertyOptional({ description: 'The partner id, or the store id or store code; none for the project', example: 'PRG01' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  scope_id?: string;
  @ApiProperty({ description: 'The value as the rule reads it', example: '2' }) @IsDefined() @IsString() @MaxLength(1000) value!: string;
}

/** A loyalty rule's stored values (operator API body, `tessera loyalty-rules change` file): they replace the rule's. */
export class LoyaltyRuleSettingDto {
  @ApiProperty({
    type: [LoyaltyRuleValueDto],
    example: [
      { scope: 'project', value: '1' },
      { scope: 'store', scope_id: 'PRG01', value: '2' },
    ],
  })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => LoyaltyRuleValueDto)
  values!: LoyaltyRuleValueDto[];
}

export class LoyaltyRuleSettingViewDto extends LoyaltyRuleSettingDto {
  @ApiProperty({ example: 'points_per_currency_unit' }) rule!: string;
  @ApiProperty({ description: 'What applies where no value is stored', example: '1' }) default!: string;
  @ApiProperty({ description: 'Where it may be set', example: ['project', 'partner', 'store'] }) scopes!: string[];
  @ApiProperty({ example: 'Points earned per currency unit paid' }) help!: string;
}

class LoyaltyRuleSettingListDto {
  @ApiProperty({ type: [LoyaltyRuleSettingViewDto] }) loyalty_rules!: LoyaltyRuleSettingViewDto[];
  @ApiProperty({ example: 8 }) total_items!: number;
}

export class LoyaltyRuleSettingListResponseDto {
  @ApiProperty({ type: LoyaltyRuleSettingListDto }) data!: LoyaltyRuleSettingListDto;
}

export class LoyaltyRuleSettingResponseDto {
  @ApiProperty({ type: LoyaltyRuleSettingViewDto }) data!: LoyaltyRuleSettingViewDto;
}
