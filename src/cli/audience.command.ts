import { IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { AudienceOverview, AudienceService, AudienceState } from '../modules/campaigns';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

/** The name last, as it may hold spaces. */
const AUDIENCE_COLUMNS = ['AUDIENCE ID', 'STATE', 'CHANNEL', 'NAME'];
const STATE_NAMES: Record<AudienceState, string> = { [AudienceState.Deleted]: 'removed', [AudienceState.Active]: 'active' };

/** An audience as the operator writes it: the channel by its id or its numeric code written as a string. */
class AudienceDefinitionInputDto {
  @IsOptional() @IsString() @IsNotEmpty() audience_id?: string;
  @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @IsDefined() @IsString() @IsNotEmpty() communication_channel_id!: string;
}

/** `tessera audience list|define|remove`: audiences, which the Enterprise interface only reads. */
export async function audienceCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const audiences = await withAdminSession(io, ({ context }) => context.get(AudienceService).listAll());
      io.stdout(textTable(AUDIENCE_COLUMNS, audiences.map(audienceRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const { audience_id: audienceId, ...definition } = await checkedDefinition(
        AudienceDefinitionInputDto,
        await readJsonDefinition(positionals[0], io),
        'audience',
      );
      const id = await withAdminSession(io, ({ context }) => context.get(AudienceService).define(definition, audienceId));
      io.stdout(audienceId === undefined ? `${id}\n` : `Audience ${id} updated\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [audienceId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(AudienceService).remove(audienceId));
      io.stdout(removed ? `Audience ${audienceId} removed\n` : `Audience ${audienceId} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown audience command "${action ?? ''}"`);
  }
}

function audienceRow({ audience, channelTextId }: AudienceOverview): string[] {
  return [audience.id, STATE_NAMES[audience.state], channelTextId, audience.name];
}
