import { formatDateTime, formatNullableDateTime, ResponseOutput, textIn } from '@tessera/http';
import { StamperCampaignDto, StamperCardDto, StamperStampDto } from './dto/stamper.dto';
import { StamperStampEntity } from './entities/stamper-card.entity';
import { StamperCampaignView } from './stamper-campaign.service';
import { StamperCardView } from './stamper-card.service';

export function toStamperCampaignDto(
  { campaign, conditions, checkpoints }: StamperCampaignView,
  output: ResponseOutput,
): StamperCampaignDto {
  return {
    stamper_campaign_id: campaign.id,
    partner_id: campaign.partnerId,
    name: textIn(campaign.names, output),
    description: textIn(campaign.descriptions, output),
    stamp_count: campaign.stampCount,
    valid_from: formatNullableDateTime(campaign.validFrom, output.timeZone),
    valid_to: formatNullableDateTime(campaign.validTo, output.timeZone),
    count_of_campaign_repetitions: campaign.repetitions,
    stamper_conditions: conditions.map((condition) => ({
      stamper_condition_id: condition.id,
      description: textIn(condition.descriptions, output),
    })),
    stamper_bonus_checkpoints: checkpoints.map((checkpoint) => ({
      stamper_bonus_checkpoint_id: checkpoint.id,
      description: textIn(checkpoint.descriptions, output),
      stamp_number: checkpoint.stampNumber,
    })),
    last_change: formatDateTime(campaign.lastChange, output.timeZone),
    state: campaign.state,
  };
}

export function toStamperStampDto(stamp: StamperStampEntity, timeZone: string): StamperStampDto {
  return {
    stamp_id: stamp.id,
    customer_id: stamp.customerId,
    ...(stamp.purchaseId === null ? {} : { purchase_id: stamp.purchaseId }),
    stamper_card_id: stamp.cardId,
    stamp_order: stamp.stampOrder,
    ...(stamp.conditionId === null ? {} : { stamper_condition_id: stamp.conditionId }),
    ...(stamp.earningRuleId === null ? {} : { earning_rule_id: stamp.earningRuleId }),
    created_at: formatDateTime(stamp.createdAt, timeZone),
    last_change: formatDateTime(stamp.lastChange, timeZone),
    state: stamp.state,
  };
}

export function toStamperCardDto({ card, stamps }: StamperCardView, timeZone: string): StamperCardDto {
  return {
    stamper_card_id: card.id,
    stamper_campaign_id: card.campaignId,
    customer_id: card.customerId,
    stamper_card_order: card.cardOrder,
    is_filled_up: card.filledUp,
    stamps: stamps.map((stamp) => toStamperStampDto(stamp, timeZone)),
    created_at: formatDateTime(card.createdAt, timeZone),
    last_change: formatDateTime(card.lastChange, timeZone),
    state: card.state,
  };
}
