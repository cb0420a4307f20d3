import { AudienceDefinitionDto, AudienceDefinitionRepository, type AudienceDefinitionView } from '../modules/campaigns';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera audience ...`: audiences, which the Enterprise interface only reads. */
export const audienceCommand = lifecycleCommand<AudienceDefinitionDto, AudienceDefinitionView>({
  name: 'audience',
  store: AudienceDefinitionRepository,
  file: { type: AudienceDefinitionDto, what: 'audience', example: { name: 'Newsletter readers', communication_channel_id: 'email' } },
  // The name last, as it may hold spaces.
  columns: ['AUDIENCE ID', 'STATE', 'CHANNEL', 'NAME'],
  row: (audience) => [
    audience.audience_id,
    audience.state === 0 ? 'deactivated' : 'active',
    audience.communication_channel_text_id,
    audience.name,
  ],
  viewOnly: ['audience_id', 'communication_channel_text_id', 'state', 'last_change', 'member_count'],
});
