import { Allow, IsDefined, IsIn, IsOptional, IsString, IsNotEmpty } from 'class-validator';
import { CommonException, InvalidReason } from '@tessera/http';
import { EngagementSetupDefinition, EngagementSetupService, EngagementSetupState } from '../modules/reference-data';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

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

const ENGAGEMENT_SETUP_FILE: DefinitionFile<EngagementSetupInputDto> = {
  type: EngagementSetupInputDto,
  what: 'engagement setup',
  example: { setup: { track_page_views: true }, state: 1 },
};

/** `tessera engagement-setup list|define|remove`: setups of the web tracking script. */
export const engagementSetupCommand = cliCommand(
  {
    ...listAndShow(SETUP_COLUMNS, async (context) =>
      (await context.get(EngagementSetupService).listAll()).map((setup) => [
        setup.id,
        STATE_NAMES[setup.state] ?? String(setup.state),
        setup.setup,
      ]),
    ),
    define: defineAction(ENGAGEMENT_SETUP_FILE, async (input, io) => {
      const definition: EngagementSetupDefinition = { setup: serializedSetup(input.setup), state: input.state };
      const setupId = input.setup_id;
      if (setupId === undefined) return withAdminSession(io, ({ context }) => context.get(EngagementSetupService).create(definition));
      await withAdminSession(io, ({ context }) => context.get(EngagementSetupService).update(setupId, definition));
      return `Engagement setup ${setupId} updated`;
    }),
    remove: removeAction((context, setupId) => context.get(EngagementSetupService).remove(setupId), {
      removed: (setupId) => `Engagement setup ${setupId} removed`,
      notRemoved: (setupId) => `Engagement setup ${setupId} was removed already`,
    }),
  },
  ENGAGEMENT_SETUP_FILE,
);

function serializedSetup(setup: unknown): string {
  if (typeof setup === 'string') return setup;
  if (setup !== null && typeof setup === 'object') return JSON.stringify(setup);
  throw CommonException.invalid(
    'setup',
    InvalidReason.InvalidValueFormat,
    'The setup must be a JSON object or array, or a string holding one',
  );
}
