import { CommunicationChannelDto } from './dto/communication-channel.dto';
import { CommunicationChannelEntity } from './entities/communication-channel.entity';

export function toCommunicationChannelDto(channel: CommunicationChannelEntity): CommunicationChannelDto {
  return { communication_channel_id: channel.id, name: channel.name, text_id: channel.textId };
}
