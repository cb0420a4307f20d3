import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  EarningRuleDefinitionDto,
  EarningRuleDefinitionListResponseDto,
  EarningRuleDefinitionResponseDto,
  EarningSimulationDto,
  EarningSimulationResponseDto,
} from '../dto/earning-rule-definition.dto';
import { EarningRuleDefinitionRepository } from '../earning-rule-definition.repository';
import { EarningRuleService } from '../earning-rule.service';

@OperatorResource('earning-rules')
export class EarningRulesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly earningRules: EarningRuleDefinitionRepository,
    private readonly engine: EarningRuleService,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Earning rules',
    description: 'What purchases and events earn beyond points_per_currency_unit, by priority, active and deactivated.',
  })
  @ApiOkResponse({ type: EarningRuleDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('earning_rules', await this.earningRules.list(query, toPageRequest(query, [])), (rule) => rule);
  }

  @Post('actions/simulate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Simulate earning',
    description:
      'What a bill (or an event) and a customer, given as facts, would earn under the active rules and the draft rules sent; writes nothing.',
  })
  @ApiOkResponse({ type: EarningSimulationResponseDto })
  async simulate(@Body() body: EarningSimulationDto) {
    return dataEnvelope(await this.engine.simulate(body));
  }

  @Get(':earning_rule_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One earning rule', description: 'By id or code, as a body `PUT` takes back. 404 when neither names a rule.' })
  @ApiOkResponse({ type: EarningRuleDefinitionResponseDto })
  async show(@Param('earning_rule_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.earningRules, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create an earning rule',
    description: 'A code no other rule has, its validity window, priority, stacking, conditions, effects and limits; active at once.',
  })
  @ApiCreatedResponse({ type: EarningRuleDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: EarningRuleDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.earningRules, body));
  }

  @Put(':earning_rule_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change an earning rule',
    description: 'Replaces the whole definition; what it granted stays counted against its limits and budgets.',
  })
  @ApiOkResponse({ type: EarningRuleDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('earning_rule_key') key: string, @Body() body: EarningRuleDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.earningRules, key, body));
  }

  @Post(':earning_rule_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Deactivate an earning rule', description: 'State 0: it grants nothing more; what it granted stays.' })
  @ApiOkResponse({ type: EarningRuleDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('earning_rule_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.earningRules, key, 0));
  }

  @Post(':earning_rule_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an earning rule', description: 'State 1 again.' })
  @ApiOkResponse({ type: EarningRuleDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('earning_rule_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.earningRules, key, 1));
  }
}
