import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { EFFECT_KINDS, type EffectKind, LIMIT_PERIODS, type LimitPeriod } from '../rules/earning-rules';

const MAX_IDS = 500;
const MAX_AMOUNT = 999999999999;
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A list of ids a condition matches any of; absent or empty, the condition holds always. */
const Ids = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], description, maxItems: MAX_IDS }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_IDS),
    IsString({ each: true }),
    IsNotEmpty({ each: true }),
    MaxLength(100, { each: true }),
  );

const Amount = (description: string, example: number) =>
  applyDecorators(ApiPropertyOptional({ description, example }), IsOptional(), IsNumber({ maxDecimalPlaces: 2 }), Min(0), Max(MAX_AMOUNT));

/** Ids and tags of which a line of the bill must match one, with how much of them the bill holds. */
export class EarningItemConditionDto {
  @Ids('Products (ids)') product_ids?: string[];
  @Ids('Product groups (ids)') product_group_ids?: string[];
  @Ids('Product brands (ids)') product_brand_ids?: string[];
  @Ids('Product tags (tag ids)') tags?: string[];
  @ApiPropertyOptional({ description: 'Units the matching lines hold at least', example: 2 })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 3 })
  @Min(0)
  @Max(1000000)
  min_quantity?: number | null;
  @Amount('Money the matching lines leave to pay, at least', 20) min_amount?: number | null;
}

/** Every condition given must hold; one left out holds always. */
export class EarningConditionsDto {
  @Amount('The bill total at least', 50) bill_total_min?: number | null;
  @Amount('What the lines that collect points leave to pay, at least', 50) paid_min?: number | null;
  @ApiPropertyOptional({ type: EarningItemConditionDto, description: 'A product, group, brand or tag in the bill' })
  @IsOptional()
  @ValidateNested()
  @Type(() => EarningItemConditionDto)
  items?: EarningItemConditionDto | null;
  @Ids('Stores (ids) the bill is closed in') store_ids?: string[];
  @Ids('Store groups (ids) of the store') store_group_ids?: string[];
  @Ids('Partners (ids) of the store') partner_ids?: string[];
  @Ids('Payment types (ids)') payment_type_ids?: string[];
  @ApiPropertyOptional({ type: [Number], description: 'ISO weekdays on the programme clock, 1 Monday to 7 Sunday', example: [6, 7] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(7, { each: true })
  weekdays?: number[];
  @ApiPropertyOptional({ description: 'From this time of day (HH:MM, programme clock)', example: '08:00' })
  @IsOptional()
  @Matches(HOUR, { message: 'hours_from is HH:MM' })
  hours_from?: string | null;
  @ApiPropertyOptional({
    description: 'Until this time of day, excluded; before hours_from, the window runs past midnight',
    example: '12:00',
  })
  @IsOptional()
  @Matches(HOUR, { message: 'hours_to is HH:MM' })
  hours_to?: string | null;
  @Ids("The customer's status (ids)") status_ids?: string[];
  @Ids('Segments (ids) the customer is in, any of them') segment_ids?: string[];
  @ApiPropertyOptional({ description: 'The customer is at least this old (years)', example: 18 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(150)
  age_min?: number | null;
  @ApiPropertyOptional({ description: 'The customer is at most this old (years)', example: 26 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(150)
  age_max?: number | null;
  @Ids('Agreements (ids) the customer has given, all of them') consent_ids?: string[];
  @ApiPropertyOptional({ description: "true: the customer's first purchase only; false: the later ones only" })
  @IsOptional()
  @IsBoolean()
  first_purchase?: boolean | null;
  @Ids('Event rules: the event types (text ids) the rule answers') event_types?: string[];
}

/** One thing the rule grants; which fields it takes depends on its kind. */
export class EarningEffectDto {
  @ApiProperty({ enum: EFFECT_KINDS, example: 'points_per_currency_unit' })
  @IsDefined()
  @IsIn(EFFECT_KINDS)
  kind!: EffectKind;
  @ApiPropertyOptional({
    enum: ['bill', 'matching_lines'],
    description: 'points_per_currency_unit: on the lines that collect points, or only those the item condition matches',
  })
  @IsOptional()
  @IsIn(['bill', 'matching_lines'])
  on?: 'bill' | 'matching_lines';
  @ApiPropertyOptional({
    description: "points_per_currency_unit: points per unit; absent, the store's points_per_currency_unit",
    example: 2,
  })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 4 })
  @Min(0)
  @Max(10000)
  rate?: number | null;
  @ApiPropertyOptional({ description: 'points_per_currency_unit: times the rate (1.5 for Gold members)', example: 1.5 })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 4 })
  @Min(0)
  @Max(1000)
  multiplier?: number;
  @ApiPropertyOptional({ description: 'fixed_points: the points; points_per_item: points per unit of the matching lines', example: 50 })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(MAX_AMOUNT)
  points?: number;
  @ApiPropertyOptional({ description: 'credits: the amount', example: 5 })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(MAX_AMOUNT)
  amount?: number;
  @ApiPropertyOptional({ description: 'credits: the credit type (id); absent, the default' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  credit_type_id?: string | null;
  @ApiPropertyOptional({ description: 'reward_voucher: the reward (id) whose voucher the customer gets' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reward_id?: string;
  @ApiPropertyOptional({ description: 'stamp: the stamp campaign (id)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  stamper_campaign_id?: string;
  @ApiPropertyOptional({ description: 'stamp: stamps per grant', example: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  stamps?: number;
}

export class EarningCustomerLimitDto {
  @ApiProperty({ enum: LIMIT_PERIODS, example: 'day' })
  @IsDefined()
  @IsIn(LIMIT_PERIODS)
  period!: LimitPeriod;
  @ApiProperty({ description: 'Grants to one customer within the period, at most', example: 1 })
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(1000000)
  times!: number;
}

export class EarningLimitsDto {
  @ApiPropertyOptional({ type: [EarningCustomerLimitDto], description: 'At most one per period' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMIT_PERIODS.length)
  @ValidateNested({ each: true })
  @Type(() => EarningCustomerLimitDto)
  per_customer?: EarningCustomerLimitDto[];
  @Amount('Points the rule grants in all, after which it stops', 10000) budget_points?: number | null;
  @Amount('Credits (money) the rule grants in all, after which it stops', 500) budget_money?: number | null;
}

/** An earning rule as the operator writes it (operator API body, `tessera earning-rule define` file). */
export class EarningRuleDefinitionDto {
  @ApiProperty({ description: 'The key the operator API and the CLI name it by', example: 'double-points-roastery' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'code is lowercase letters, digits, - and _ (at most 100)' })
  code!: string;
  @ApiProperty({ example: 'Double points on Roastery coffee' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiPropertyOptional({ example: 'November campaign' }) @IsOptional() @IsString() @MaxLength(2000) description?: string | null;
  @ApiPropertyOptional({ enum: ['purchase', 'event'], description: 'What the rule answers; absent, purchases' })
  @IsOptional()
  @IsIn(['purchase', 'event'])
  trigger?: 'purchase' | 'event';
  @ApiPropertyOptional({ description: 'From this instant (ISO 8601); absent, at once', example: '2026-12-01T00:00:00+01:00' })
  @IsOptional()
  @IsISO8601({ strict: true })
  valid_from?: string | null;
  @ApiPropertyOptional({ description: 'Until this instant, excluded; absent, for ever', example: '2027-01-01T00:00:00+01:00' })
  @IsOptional()
  @IsISO8601({ strict: true })
  valid_to?: string | null;
  @ApiProperty({ description: 'Rules are weighed lowest first', example: 10 })
  @IsDefined()
  @IsInt()
  @Min(0)
  @Max(1000000)
  priority!: number;
  @ApiProperty({
    enum: ['exclusive', 'cumulative'],
    description: 'exclusive: the first such rule that applies is the only one, in place of the default earning too',
  })
  @IsDefined()
  @IsIn(['exclusive', 'cumulative'])
  stacking!: 'exclusive' | 'cumulative';
  @ApiPropertyOptional({ type: EarningConditionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => EarningConditionsDto)
  conditions?: EarningConditionsDto;
  @ApiProperty({ type: [EarningEffectDto], minItems: 1, maxItems: 20 })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => EarningEffectDto)
  effects!: EarningEffectDto[];
  @ApiPropertyOptional({ type: EarningLimitsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => EarningLimitsDto)
  limits?: EarningLimitsDto;
}

export class EarningRuleDefinitionViewDto extends EarningRuleDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) earning_rule_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ description: 'Points granted so far, against budget_points', example: 120 }) granted_points!: number;
  @ApiProperty({ description: 'Credits granted so far, against budget_money', example: 0 }) granted_money!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class EarningRuleDefinitionListDto {
  @ApiProperty({ type: [EarningRuleDefinitionViewDto] }) earning_rules!: EarningRuleDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class EarningRuleDefinitionListResponseDto {
  @ApiProperty({ type: EarningRuleDefinitionListDto }) data!: EarningRuleDefinitionListDto;
}

export class EarningRuleDefinitionResponseDto {
  @ApiProperty({ type: EarningRuleDefinitionViewDto }) data!: EarningRuleDefinitionViewDto;
}

export class EarningSimulationLineDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) product_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) product_group_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) product_brand_id?: string | null;
  @Ids('Tags (ids) of the product') tags?: string[];
  @ApiProperty({ example: 2 }) @IsDefined() @IsNumber({ maxDecimalPlaces: 3 }) @Min(0) @Max(1000000) quantity!: number;
  @ApiProperty({ description: 'What the line leaves to pay after discounts, on which it earns', example: 12.5 })
  @IsDefined()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(MAX_AMOUNT)
  amount!: number;
}

export class EarningSimulationCustomerDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) status_id?: string | null;
  @Ids('Segments (ids) the customer is in') segment_ids?: string[];
  @ApiPropertyOptional({ example: 30 }) @IsOptional() @IsInt() @Min(0) @Max(150) age?: number | null;
  @Ids('Agreements (ids) the customer has given') consent_ids?: string[];
  @ApiPropertyOptional({ description: 'No purchase before this one' }) @IsOptional() @IsBoolean() first_purchase?: boolean;
}

/** A bill (or an event) and a customer to weigh the rules on, with draft rules to try beside the active ones. */
export class EarningSimulationDto {
  @ApiPropertyOptional({ description: 'The event type (text id) of an event; absent, a purchase', example: 'birthday' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  event_type?: string;
  @ApiPropertyOptional({ description: 'When; absent, now', example: '2026-11-25T10:30:00+01:00' })
  @IsOptional()
  @IsISO8601({ strict: true })
  at?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) store_id?: string;
  @Ids('Store groups (ids) of the store') store_group_ids?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) partner_id?: string;
  @ApiPropertyOptional({ example: 'S' }) @IsOptional() @IsString() @MaxLength(100) payment_type_id?: string;
  @Amount('The bill total; absent, the sum of the lines', 25) total?: number;
  @ApiPropertyOptional({ type: [EarningSimulationLineDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => EarningSimulationLineDto)
  lines?: EarningSimulationLineDto[];
  @ApiPropertyOptional({
    description:
      'A customer (id) whose status, segments, age, agreements and purchases are read as an event reads them; facts given in customer take their place',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  customer_id?: string;
  @ApiPropertyOptional({ type: EarningSimulationCustomerDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => EarningSimulationCustomerDto)
  customer?: EarningSimulationCustomerDto;
  @ApiPropertyOptional({ type: [EarningRuleDefinitionDto], description: 'Rules not yet defined, weighed as if they were active' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => EarningRuleDefinitionDto)
  draft_rules?: EarningRuleDefinitionDto[];
}

export class EarningGrantDto {
  @ApiProperty({ description: 'The rule that grants it (its code); `points_per_currency_unit` for the default earning' }) rule!: string;
  @ApiProperty({ enum: ['points', 'credits', 'reward_voucher', 'stamp'] }) kind!: string;
  @ApiPropertyOptional({ example: 24 }) points?: number;
  @ApiPropertyOptional({ example: 5 }) amount?: number;
  @ApiPropertyOptional() reward_id?: string;
  @ApiPropertyOptional() stamper_campaign_id?: string;
  @ApiPropertyOptional() stamps?: number;
}

class EarningSimulationResultDto {
  @ApiProperty({ type: [EarningGrantDto] }) grants!: EarningGrantDto[];
  @ApiProperty({ description: 'Points earned in all', example: 36 }) points!: number;
  @ApiProperty({ description: 'Credits earned in all', example: 0 }) credits!: number;
}

export class EarningSimulationResponseDto {
  @ApiProperty({ type: EarningSimulationResultDto }) data!: EarningSimulationResultDto;
}
