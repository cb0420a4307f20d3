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
import { formatNullableDateTime } from '@tessera/http';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.module';
import { textsByLanguage, TextTranslationDto } from '../modules/loyalty';
import {
  STAMPER_RELATED_TO,
  StamperCampaignDefinition,
  StamperCampaignOverview,
  StamperCampaignService,
  StamperRecordState,
  StamperRelatedTo,
} from '../modules/stamper';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const COLUMNS = ['STAMPER CAMPAIGN ID', 'STATE', 'STAMPS', 'REPETITIONS', 'CONDITIONS', 'CARDS', 'VALID FROM', 'VALID TO', 'NAME'];

class StamperConditionInputDto {
  @IsOptional() @IsString() @IsNotEmpty() stamper_condition_id?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];
  @IsDefined() @IsIn(STAMPER_RELATED_TO) related_to!: StamperRelatedTo;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @IsNotEmpty({ each: true }) related_ids?: string[];
  @IsOptional() @IsNumber() @Min(0.001) @Max(1_000_000) minimum_quantity?: number;
  @IsOptional() @IsNumber() @Min(0.01) @Max(1_000_000_000) minimum_amount?: number;
  @IsOptional() @IsInt() @Min(1) @Max(100) max_stamps_per_purchase?: number;
}

class StamperCheckpointInputDto {
  @IsOptional() @IsString() @IsNotEmpty() stamper_bonus_checkpoint_id?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];
  @IsDefined() @IsInt() @Min(1) stamp_number!: number;
  @IsDefined() @IsString() @IsNotEmpty() reward_id!: string;
}

/** A stamper campaign as the operator writes it: the API's field names, plus each condition's rule and the rewards. */
class StamperCampaignInputDto {
  @IsOptional() @IsString() @IsNotEmpty() stamper_campaign_id?: string;
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  descriptions?: TextTranslationDto[];
  @IsOptional() @IsString() @IsNotEmpty() partner_id?: string;
  @IsDefined() @IsInt() @Min(1) @Max(1000) stamp_count!: number;
  @IsOptional() @IsString() valid_from?: string;
  @IsOptional() @IsString() valid_to?: string;
  @IsDefined() @IsInt() @Min(1) @Max(1_000_000) count_of_campaign_repetitions!: number;
  /** The reward a full card issues a voucher of. */
  @IsDefined() @IsString() @IsNotEmpty() reward_id!: string;
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => StamperConditionInputDto)
  stamper_conditions!: StamperConditionInputDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => StamperCheckpointInputDto)
  stamper_bonus_checkpoints?: StamperCheckpointInputDto[];
}

const STAMPER_CAMPAIGN_FILE: DefinitionFile<StamperCampaignInputDto> = {
  type: StamperCampaignInputDto,
  what: 'stamper campaign',
  example: {
    names: [{ language_code: 'en', text: 'Tenth coffee free' }],
    stamp_count: 10,
    count_of_campaign_repetitions: 1,
    reward_id: 'REWARD_ID',
    stamper_conditions: [{ related_to: 'product', related_ids: ['PRODUCT_ID'], minimum_quantity: 1 }],
  },
};

/** `tessera stamper-campaign list|define|remove`: stamp card campaigns, which the API serves read-only. */
export const stamperCampaignCommand = cliCommand(
  {
    ...listAndShow(COLUMNS, async (context) => {
      const timeZone = context.get<AppConfig>(APP_CONFIG).timeZone;
      return (await context.get(StamperCampaignService).listAll()).map((overview) => campaignRow(overview, timeZone));
    }),
    define: defineAction(STAMPER_CAMPAIGN_FILE, async (input, io) => {
      const campaignId = await withAdminSession(io, ({ context }) => context.get(StamperCampaignService).define(toDefinition(input)));
      return input.stamper_campaign_id === undefined ? campaignId : `Stamper campaign ${campaignId} updated`;
    }),
    remove: removeAction((context, campaignId) => context.get(StamperCampaignService).remove(campaignId), {
      removed: (campaignId) => `Stamper campaign ${campaignId} removed; it earns no more stamps, and its cards and stamps are kept`,
      notRemoved: (campaignId) => `Stamper campaign ${campaignId} was removed already`,
    }),
  },
  STAMPER_CAMPAIGN_FILE,
);

function toDefinition(input: StamperCampaignInputDto): StamperCampaignDefinition {
  return {
    id: input.stamper_campaign_id,
    names: textsByLanguage(input.names),
    descriptions: textsByLanguage(input.descriptions),
    partnerId: input.partner_id,
    stampCount: input.stamp_count,
    validFrom: input.valid_from,
    validTo: input.valid_to,
    repetitions: input.count_of_campaign_repetitions,
    rewardId: input.reward_id,
    conditions: input.stamper_conditions.map((condition) => ({
      id: condition.stamper_condition_id,
      descriptions: textsByLanguage(condition.descriptions),
      relatedTo: condition.related_to,
      relatedIds: condition.related_ids ?? [],
      minimumQuantity: condition.minimum_quantity,
      minimumAmount: condition.minimum_amount,
      maxStampsPerPurchase: condition.max_stamps_per_purchase,
    })),
    checkpoints: (input.stamper_bonus_checkpoints ?? []).map((checkpoint) => ({
      id: checkpoint.stamper_bonus_checkpoint_id,
      descriptions: textsByLanguage(checkpoint.descriptions),
      stampNumber: checkpoint.stamp_number,
      rewardId: checkpoint.reward_id,
    })),
  };
}

function campaignRow({ view, cards }: StamperCampaignOverview, timeZone: string): string[] {
  const { campaign } = view;
  return [
    campaign.id,
    campaign.state === StamperRecordState.Active ? 'active' : 'deleted',
    String(campaign.stampCount),
    String(campaign.repetitions),
    String(view.conditions.length),
    String(cards),
    formatNullableDateTime(campaign.validFrom, timeZone) ?? '-',
    formatNullableDateTime(campaign.validTo, timeZone) ?? '-',
    Object.values(campaign.names)[0] ?? '',
  ];
}
