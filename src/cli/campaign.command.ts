import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CampaignFieldsDto, CampaignService, CampaignState } from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { commandOf, defineAction, listAction, removeAction } from './command-actions';

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

/** `tessera campaign list|define|remove`: campaigns, which the API also creates but never changes. */
export const campaignCommand = commandOf('campaign', {
  list: listAction(CAMPAIGN_COLUMNS, async (context) =>
    (await context.get(CampaignService).listAll()).map((campaign) => [
      campaign.id,
      STATE_NAMES[campaign.state],
      campaign.parentId ?? '-',
      campaign.externalId ?? '-',
      campaign.name,
    ]),
  ),
  define: defineAction(CampaignDefinitionInputDto, 'campaign', async ({ campaign_id: campaignId, ...definition }, io) => {
    const id = await withAdminSession(io, ({ context }) => context.get(CampaignService).define(definition, campaignId));
    return campaignId === undefined ? id : `Campaign ${id} updated`;
  }),
  remove: removeAction('ID', (context, campaignId) => context.get(CampaignService).remove(campaignId), {
    removed: (campaignId) => `Campaign ${campaignId} removed; its campaign products are kept`,
    notRemoved: (campaignId) => `Campaign ${campaignId} was removed already`,
  }),
});
