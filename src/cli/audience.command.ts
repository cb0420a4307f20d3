import { IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { AudienceOverview, AudienceService, AudienceState } from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const AUDIENCE_COLUMNS = ['AUDIENCE ID', 'STATE', 'CHANNEL', 'NAME'];
const STATE_NAMES: Record<AudienceState, string> = { [AudienceState.Deleted]: 'removed', [AudienceState.Active]: 'active' };

/** An audience as the operator writes it: the channel by its id or its numeric code written as a string. */
class AudienceDefinitionInputDto {
  @IsOptional() @IsString() @IsNotEmpty() audience_id?: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @IsDefined() @IsString() @IsNotEmpty() communication_channel_id!: string;
}

const AUDIENCE_FILE: DefinitionFile<AudienceDefinitionInputDto> = {
  type: AudienceDefinitionInputDto,
  what: 'audience',
  example: { name: 'Newsletter readers', communication_channel_id: '1' },
};

/** `tessera audience list|define|remove`: audiences, which the Enterprise interface only reads. */
export const audienceCommand = cliCommand(
  {
    ...listAndShow(AUDIENCE_COLUMNS, async (context) => (await context.get(AudienceService).listAll()).map(audienceRow)),
    define: defineAction(AUDIENCE_FILE, async ({ audience_id: audienceId, ...definition }, io) => {
      const id = await withAdminSession(io, ({ context }) => context.get(AudienceService).define(definition, audienceId));
      return audienceId === undefined ? id : `Audience ${id} updated`;
    }),
    remove: removeAction((context, audienceId) => context.get(AudienceService).remove(audienceId), {
      removed: (audienceId) => `Audience ${audienceId} removed`,
      notRemoved: (audienceId) => `Audience ${audienceId} was removed already`,
    }),
  },
  AUDIENCE_FILE,
);

function audienceRow({ audience, channelTextId }: AudienceOverview): string[] {
  return [audience.id, STATE_NAMES[audience.state], channelTextId, audience.name];
}
