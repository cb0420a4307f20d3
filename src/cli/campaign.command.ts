import { CampaignDefinitionDto, CampaignDefinitionRepository, CampaignState, type CampaignDefinitionView } from '../modules/campaigns';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = {
  [CampaignState.Deleted]: 'deactivated',
  [CampaignState.Active]: 'active',
  [CampaignState.Inactive]: 'inactive',
};

/** `tessera campaign ...`: campaigns, which the API also creates but never changes. */
export const campaignCommand = lifecycleCommand<CampaignDefinitionDto, CampaignDefinitionView>({
  name: 'campaign',
  store: CampaignDefinitionRepository,
  file: { type: CampaignDefinitionDto, what: 'campaign', example: { name: 'Spring sale', external_id: 'spring-2025', state: 1 } },
  // The name last, as it may hold spaces.
  columns: ['CAMPAIGN ID', 'STATE', 'PARENT ID', 'EXTERNAL ID', 'NAME'],
  row: (campaign) => [
    campaign.campaign_id,
    STATE_NAMES[campaign.state],
    campaign.parent_id ?? '-',
    campaign.external_id ?? '-',
    campaign.name,
  ],
  viewOnly: ['campaign_id', 'last_change'],
});
