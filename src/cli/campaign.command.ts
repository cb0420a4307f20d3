import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CampaignFieldsDto, CampaignService, CampaignState } from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const CAMPAIGN_COLUMNS = ['CAMPAIGN ID', 'STATE', 'PARENT ID', 'EXTERNAL ID', 'NAME'];
const STATE_NAMES: Record<CampaignState, string> = {
  [CampaignState.Deleted]: 'removed',
  [CampaignState.Active]: 'active',
  [CampaignState.Inactive]: 'inactive',
};

/** A campaign as the operator writes it, with the API's field names; `state` 0 is `tessera campaign remove`. */
class CampaignDefinitionInputDto extends CampaignFieldsDto {
  @IsOptional() @IsString() @IsNotEmpty() campaign_id?: string;
  @IsOptional() @IsIn([CampaignState.Active, CampaignState.Inactive]) state?: CampaignState.Active | CampaignState.Inactive;
}

const CAMPAIGN_FILE: DefinitionFile<CampaignDefinitionInputDto> = {
  type: CampaignDefinitionInputDto,
  what: 'campaign',
  example: { name: 'Spring sale', external_id: 'spring-2025', state: 1 },
};

/** `tessera campaign list|define|remove`: campaigns, which the API also creates but never changes. */
export const campaignCommand = cliCommand(
  {
    ...listAndShow(CAMPAIGN_COLUMNS, async (context) =>
      (await context.get(CampaignService).listAll()).map((campaign) => [
        campaign.id,
        STATE_NAMES[campaign.state],
        campaign.parentId ?? '-',
        campaign.externalId ?? '-',
        campaign.name,
      ]),
    ),
    define: defineAction(CAMPAIGN_FILE, async ({ campaign_id: campaignId, ...definition }, io) => {
      const id = await withAdminSession(io, ({ context }) => context.get(CampaignService).define(definition, campaignId));
      return campaignId === undefined ? id : `Campaign ${id} updated`;
    }),
    remove: removeAction((context, campaignId) => context.get(CampaignService).remove(campaignId), {
      removed: (campaignId) => `Campaign ${campaignId} removed; its campaign products are kept`,
      notRemoved: (campaignId) => `Campaign ${campaignId} was removed already`,
    }),
  },
  CAMPAIGN_FILE,
);
