import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CampaignFieldsDto, CampaignService, CampaignState } from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

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
export async function campaignCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const campaigns = await withAdminSession(io, ({ context }) => context.get(CampaignService).listAll());
      io.stdout(
        textTable(
          CAMPAIGN_COLUMNS,
          campaigns.map((campaign) => [
            campaign.id,
            STATE_NAMES[campaign.state],
            campaign.parentId ?? '-',
            campaign.externalId ?? '-',
            campaign.name,
          ]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const { campaign_id: campaignId, ...definition } = await checkedDefinition(
        CampaignDefinitionInputDto,
        await readJsonDefinition(positionals[0], io),
        'campaign',
      );
      const id = await withAdminSession(io, ({ context }) => context.get(CampaignService).define(definition, campaignId));
      io.stdout(campaignId === undefined ? `${id}\n` : `Campaign ${id} updated\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [campaignId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(CampaignService).remove(campaignId));
      io.stdout(
        removed ? `Campaign ${campaignId} removed; its campaign products are kept\n` : `Campaign ${campaignId} was removed already\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown campaign command "${action ?? ''}"`);
  }
}
