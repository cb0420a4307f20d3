import {
  CommunicationChannelDefinitionDto,
  CommunicationChannelDefinitionRepository,
  type CommunicationChannelDefinitionView,
} from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera communication-channel ...`: the channels messages travel by, and those audiences and consents name. */
export const communicationChannelCommand = lifecycleCommand<CommunicationChannelDefinitionDto, CommunicationChannelDefinitionView>({
  name: 'communication-channel',
  store: CommunicationChannelDefinitionRepository,
  file: { type: CommunicationChannelDefinitionDto, what: 'communication channel', example: { text_id: 'telegram', name: 'Telegram' } },
  // The name last, as it may hold spaces.
  columns: ['TEXT ID', 'CHANNEL ID', 'CODE', 'STATE', 'NAME'],
  row: (channel) => [
    channel.text_id,
    channel.communication_channel_id,
    channel.code === undefined ? '' : String(channel.code),
    channel.state === 0 ? 'retired' : 'active',
    channel.name,
  ],
  viewOnly: ['communication_channel_id', 'code', 'state', 'last_change'],
});
