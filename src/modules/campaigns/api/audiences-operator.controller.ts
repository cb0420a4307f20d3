import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { AudienceDefinitionRepository } from '../audience-definition.repository';
import { AudienceDefinitionDto, AudienceDefinitionListResponseDto, AudienceDefinitionResponseDto } from '../dto/audience-definition.dto';

@OperatorResource('audiences')
export class AudiencesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly audiences: AudienceDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Audiences',
    description: "Active and deactivated, by name, each with its channel's id and text id; q matches the name or the channel's text id.",
  })
  @ApiOkResponse({ type: AudienceDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('audiences', await this.audiences.list(query, toPageRequest(query, [])), (audience) => audience);
  }

  @Get(':audience_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One audience', description: 'By id, in any state. 404 when no audience has it.' })
  @ApiOkResponse({ type: AudienceDefinitionResponseDto })
  async show(@Param('audience_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.audiences, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create an audience',
    description: 'A name and an active communication channel, by its id, text id or numeric code.',
  })
  @ApiCreatedResponse({ type: AudienceDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: AudienceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.audiences, body));
  }

  @Put(':audience_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change an audience',
    description: 'Replaces its name and channel; its state stays. It may keep a channel retired since, but a new one must be active.',
  })
  @ApiOkResponse({ type: AudienceDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('audience_id') key: string, @Body() body: AudienceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.audiences, key, body));
  }

  @Post(':audience_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an audience',
    description: "State 0, the contract's deleted: the Enterprise interface still lists and reads it, with that state.",
  })
  @ApiOkResponse({ type: AudienceDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('audience_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.audiences, key, 0));
  }

  @Post(':audience_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an audience', description: 'State 1 again.' })
  @ApiOkResponse({ type: AudienceDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('audience_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.audiences, key, 1));
  }
}
