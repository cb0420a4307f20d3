import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import {
  RewardTypeDefinitionDto,
  RewardTypeDefinitionListResponseDto,
  RewardTypeDefinitionResponseDto,
} from '../dto/reward-type-definition.dto';
import { RewardTypeDefinitionRepository } from '../reward-type-definition.repository';

@OperatorResource('reward-types')
export class RewardTypesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly rewardTypes: RewardTypeDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Reward types',
    description: 'The types rewards are given, active and deactivated, by text id, each with the kind the rules apply.',
  })
  @ApiOkResponse({ type: RewardTypeDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('reward_types', await this.rewardTypes.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':reward_type_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One reward type', description: 'By id or text id. 404 when neither names a reward type.' })
  @ApiOkResponse({ type: RewardTypeDefinitionResponseDto })
  async show(@Param('reward_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.rewardTypes, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a reward type',
    description:
      'A text id no other type has, its name, and its kind: a fixed or percentage discount, a final price, a catalogue item or a gift card.',
  })
  @ApiCreatedResponse({ type: RewardTypeDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: RewardTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.rewardTypes, body));
  }

  @Put(':reward_type_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a reward type',
    description: 'Replaces its text id, name and kind; the kind only while no reward has the type.',
  })
  @ApiOkResponse({ type: RewardTypeDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('reward_type_key') key: string, @Body() body: RewardTypeDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.rewardTypes, key, body));
  }

  @Post(':reward_type_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a reward type',
    description: 'State 0: its rewards keep it, but the contract no longer lists it and no reward can be given it.',
  })
  @ApiOkResponse({ type: RewardTypeDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('reward_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.rewardTypes, key, 0));
  }

  @Post(':reward_type_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a reward type', description: 'State 1 again.' })
  @ApiOkResponse({ type: RewardTypeDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('reward_type_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.rewardTypes, key, 1));
  }
}
