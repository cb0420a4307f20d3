import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { CommunicationChannelDefinitionRepository } from '../communication-channel-definition.repository';
import {
  CommunicationChannelDefinitionDto,
  CommunicationChannelDefinitionListResponseDto,
  CommunicationChannelDefinitionResponseDto,
} from '../dto/communication-channel-definition.dto';

@OperatorResource('communication-channels')
export class CommunicationChannelsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly channels: CommunicationChannelDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Communication channels',
    description:
      'Active and retired, the built-in ones by code first, then by text id, each with its code (null for a channel without one).',
  })
  @ApiOkResponse({ type: CommunicationChannelDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('communication_channels', await this.channels.list(query, toPageRequest(query, [])), (channel) => channel);
  }

  @Get(':channel_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'One communication channel',
    description: 'By id, text id or code, in any state. 404 when none names a channel.',
  })
  @ApiOkResponse({ type: CommunicationChannelDefinitionResponseDto })
  async show(@Param('channel_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.channels, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a communication channel',
    description:
      "A text id no other channel has, and a name. It gets no code, as the codes are the contract's and decide delivery: audiences and consents may name it, messages and templates may not.",
  })
  @ApiCreatedResponse({ type: CommunicationChannelDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CommunicationChannelDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.channels, body));
  }

  @Put(':channel_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a communication channel',
    description: 'Replaces its name, and the text id of a channel without a code; its code and state stay.',
  })
  @ApiOkResponse({ type: CommunicationChannelDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('channel_key') key: string, @Body() body: CommunicationChannelDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.channels, key, body));
  }

  @Post(':channel_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Retire a communication channel',
    description:
      'State 0: the contract no longer lists or reads it, and no new message, template, audience or consent may name it; messages already queued still go.',
  })
  @ApiOkResponse({ type: CommunicationChannelDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('channel_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.channels, key, 0));
  }

  @Post(':channel_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a communication channel', description: 'State 1 again.' })
  @ApiOkResponse({ type: CommunicationChannelDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('channel_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.channels, key, 1));
  }
}
