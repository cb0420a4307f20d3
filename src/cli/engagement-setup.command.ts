import {
  EngagementSetupDefinitionDto,
  EngagementSetupDefinitionRepository,
  EngagementSetupState,
  type EngagementSetupDefinitionView,
} from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = {
  [EngagementSetupState.Deleted]: 'deactivated',
  [EngagementSetupState.Active]: 'active',
  [EngagementSetupState.Inactive]: 'inactive',
};

/** `tessera engagement-setup ...`: setups of the web tracking script. */
export const engagementSetupCommand = lifecycleCommand<EngagementSetupDefinitionDto, EngagementSetupDefinitionView>({
  name: 'engagement-setup',
  store: EngagementSetupDefinitionRepository,
  file: { type: EngagementSetupDefinitionDto, what: 'engagement setup', example: { setup: { track_page_views: true }, state: 1 } },
  // The setup last, as it is long.
  columns: ['SETUP ID', 'STATE', 'SETUP'],
  row: (setup) => [setup.setup_id, STATE_NAMES[setup.state] ?? String(setup.state), setup.setup],
  viewOnly: ['setup_id', 'last_change'],
});
