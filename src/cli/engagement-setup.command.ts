import { Allow, IsDefined, IsIn, IsOptional, IsString, IsNotEmpty } from 'class-validator';
import { CommonException, InvalidReason } from '@tessera/http';
import { EngagementSetupDefinition, EngagementSetupService, EngagementSetupState } from '../modules/reference-data';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

/** The setup last, as it is long. */
const SETUP_COLUMNS = ['SETUP ID', 'STATE', 'SETUP'];
const STATE_NAMES: Record<number, string> = {
  [EngagementSetupState.Deleted]: 'removed',
  [EngagementSetupState.Active]: 'active',
  [EngagementSetupState.Inactive]: 'inactive',
};

/**
 * A setup as the operator writes it: `setup` is the JSON itself (an object or array, stored serialized)
 * or a string already holding serialized JSON. `state` 0 is `tessera engagement-setup remove`.
 */
class EngagementSetupInputDto {
  @IsOptional() @IsString() @IsNotEmpty() setup_id?: string;
  @IsDefined() @Allow() setup!: unknown;
  @IsOptional() @IsIn([EngagementSetupState.Active, EngagementSetupState.Inactive]) state?: EngagementSetupDefinition['state'];
}

/** `tessera engagement-setup list|define|remove`: setups of the web tracking script. */
export async function engagementSetupCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const setups = await withAdminSession(io, ({ context }) => context.get(EngagementSetupService).listAll());
      io.stdout(
        textTable(
          SETUP_COLUMNS,
          setups.map((setup) => [setup.id, STATE_NAMES[setup.state] ?? String(setup.state), setup.setup]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(EngagementSetupInputDto, await readJsonDefinition(positionals[0], io), 'engagement setup');
      const definition: EngagementSetupDefinition = { setup: serializedSetup(input.setup), state: input.state };
      const setupId = input.setup_id;
      if (setupId === undefined) {
        io.stdout(`${await withAdminSession(io, ({ context }) => context.get(EngagementSetupService).create(definition))}\n`);
      } else {
        await withAdminSession(io, ({ context }) => context.get(EngagementSetupService).update(setupId, definition));
        io.stdout(`Engagement setup ${setupId} updated\n`);
      }
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [setupId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(EngagementSetupService).remove(setupId));
      io.stdout(removed ? `Engagement setup ${setupId} removed\n` : `Engagement setup ${setupId} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown engagement-setup command "${action ?? ''}"`);
  }
}

function serializedSetup(setup: unknown): string {
  if (typeof setup === 'string') return setup;
  if (setup !== null && typeof setup === 'object') return JSON.stringify(setup);
  throw CommonException.invalid(
    'setup',
    InvalidReason.InvalidValueFormat,
    'The setup must be a JSON object or array, or a string holding one',
  );
}
