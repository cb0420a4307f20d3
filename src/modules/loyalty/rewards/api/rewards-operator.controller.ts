import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../../audit';
import { RewardDefinitionDto, RewardDefinitionListResponseDto, RewardDefinitionResponseDto } from '../dto/reward-definition.dto';
import { RewardDefinitionRepository } from '../reward-definition.repository';

@OperatorResource('rewards')
export class RewardsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly rewards: RewardDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Rewards', description: 'Rewards of every group and kind, whatever their state, by code.' })
  @ApiOkResponse({ type: RewardDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('rewards', await this.rewards.list(query, toPageRequest(query, [])), (reward) => reward);
  }

  @Get(':reward_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One reward', description: 'By id or code, as a body `PUT` takes back. 404 when neither names a reward.' })
  @ApiOkResponse({ type: RewardDefinitionResponseDto })
  async show(@Param('reward_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.rewards, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a reward',
    description: 'A reward of any group and kind with its validity, stores, segments, customer types, tags and products.',
  })
  @ApiCreatedResponse({ type: RewardDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: RewardDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.rewards, body));
  }

  @Put(':reward_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a reward',
    description:
      'Replaces the reward and every list it has (stores, segments, products...); a state left out stays. Vouchers keep pointing at it.',
  })
  @ApiOkResponse({ type: RewardDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('reward_key') key: string, @Body() body: RewardDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.rewards, key, body));
  }

  @Post(':reward_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Withdraw a reward',
    description: 'State 0: no longer listed to customers, sold or offered at checkout; vouchers already issued stay.',
  })
  @ApiOkResponse({ type: RewardDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('reward_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.rewards, key, 0));
  }

  @Post(':reward_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a reward', description: 'State 1: offered again.' })
  @ApiOkResponse({ type: RewardDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('reward_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.rewards, key, 1));
  }
}
