import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, Public, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { COMMUNICATION_CHANNEL_SORT_FIELDS, CommunicationChannelService } from '../communication-channel.service';
import { toCommunicationChannelDto } from '../communication-channel.mapper';
import {
  CommunicationChannelListQueryDto,
  CommunicationChannelListResponseDto,
  CommunicationChannelResponseDto,
} from '../dto/communication-channel.dto';

/** The channels are public: clients show them before anyone signs in. */
@ApiResource('communication-channels')
@ApiTags('Communication channels')
export class CommunicationChannelsController {
  constructor(private readonly channels: CommunicationChannelService) {}

  @Get()
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'Communication channels',
    description:
      'Lists the active channels messages can be sent by (email, SMS, push and the like); retired channels are left out. Needs no token, so clients can show the channels before anyone signs in.',
  })
  @ApiOkResponse({ type: CommunicationChannelListResponseDto })
  async list(@Query() query: CommunicationChannelListQueryDto) {
    const page = await this.channels.list(toPageRequest(query, COMMUNICATION_CHANNEL_SORT_FIELDS));
    return listEnvelope('communication_channels', page, toCommunicationChannelDto);
  }

  @Get(':communication_channel_id')
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'One communication channel',
    description: 'Returns an active channel by its id. A channel that does not exist or has been retired answers 404.',
  })
  @ApiOkResponse({ type: CommunicationChannelResponseDto })
  async get(@Param('communication_channel_id') channelId: string): Promise<CommunicationChannelResponseDto> {
    return dataEnvelope(toCommunicationChannelDto(await this.channels.get(channelId)));
  }
}
