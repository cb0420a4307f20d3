import { StamperCampaignDefinitionDto, StamperCampaignDefinitionRepository, type StamperCampaignDefinitionView } from '../modules/stamper';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera stamper-campaign ...`: stamp card campaigns, which the contract's API serves read-only. */
export const stamperCampaignCommand = lifecycleCommand<StamperCampaignDefinitionDto, StamperCampaignDefinitionView>({
  name: 'stamper-campaign',
  store: StamperCampaignDefinitionRepository,
  file: {
    type: StamperCampaignDefinitionDto,
    what: 'stamper campaign',
    example: {
      names: [{ language_code: 'en', text: 'Tenth coffee free' }],
      stamp_count: 10,
      count_of_campaign_repetitions: 1,
      reward_id: 'FREECOFFEE',
      stamper_conditions: [{ related_to: 'product', related_ids: ['PRODUCT_ID'], minimum_quantity: 1 }],
    },
  },
  // The name last, as it may hold spaces.
  columns: ['STAMPER CAMPAIGN ID', 'STATE', 'STAMPS', 'REPETITIONS', 'CONDITIONS', 'CARDS', 'VALID FROM', 'VALID TO', 'NAME'],
  row: (campaign) => [
    campaign.stamper_campaign_id,
    String(campaign.state),
    String(campaign.stamp_count),
    String(campaign.count_of_campaign_repetitions),
    String(campaign.stamper_conditions.length),
    String(campaign.card_count),
    campaign.valid_from ?? '-',
    campaign.valid_to ?? '-',
    campaign.names[0]?.text ?? '',
  ],
  viewOnly: ['stamper_campaign_id', 'state', 'last_change', 'card_count'],
});
