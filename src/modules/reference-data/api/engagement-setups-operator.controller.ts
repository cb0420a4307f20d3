import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  EngagementSetupDefinitionDto,
  EngagementSetupDefinitionListResponseDto,
  EngagementSetupDefinitionResponseDto,
} from '../dto/engagement-setup-definition.dto';
import { EngagementSetupDefinitionRepository } from '../engagement-setup-definition.repository';

@OperatorResource('engagement-setups')
export class EngagementSetupsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly setups: EngagementSetupDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Setups of the web tracking script',
    description: 'Active, inactive and deactivated, by id; q matches part of the serialized setup.',
  })
  @ApiOkResponse({ type: EngagementSetupDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('engagement_setups', await this.setups.list(query, toPageRequest(query, [])), (setup) => setup);
  }

  @Get(':setup_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One setup of the web tracking script', description: 'By id, in any state. 404 when no setup has it.' })
  @ApiOkResponse({ type: EngagementSetupDefinitionResponseDto })
  async show(@Param('setup_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.setups, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a setup of the web tracking script',
    description:
      'The setup as a JSON object or array (or a string holding one serialized), and state 1 (active, the default) or 2 (inactive).',
  })
  @ApiCreatedResponse({ type: EngagementSetupDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: EngagementSetupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.setups, body));
  }

  @Put(':setup_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a setup of the web tracking script',
    description: 'Replaces the setup and its state 1 or 2; a deactivated setup stays deactivated until activated.',
  })
  @ApiOkResponse({ type: EngagementSetupDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('setup_id') key: string, @Body() body: EngagementSetupDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.setups, key, body));
  }

  @Post(':setup_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a setup of the web tracking script',
    description: "State 0, the contract's removed: still listed and read with that state, so a script holding its id learns it is gone.",
  })
  @ApiOkResponse({ type: EngagementSetupDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('setup_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.setups, key, 0));
  }

  @Post(':setup_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a setup of the web tracking script', description: 'State 1 again.' })
  @ApiOkResponse({ type: EngagementSetupDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('setup_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.setups, key, 1));
  }
}
