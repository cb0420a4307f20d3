import { Body, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { LoyaltyRuleSettingDto, LoyaltyRuleSettingListResponseDto, LoyaltyRuleSettingResponseDto } from '../dto/loyalty-rule-setting.dto';
import { LoyaltyRuleSettingRepository } from '../loyalty-rule-setting.repository';

/**
 * Loyalty rules are programme settings that always exist: listed, shown and changed, never created nor
 * deactivated. They shape the programme as definitions do, so the definitions permissions guard them.
 */
@OperatorResource('loyalty-rules')
export class LoyaltyRulesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly rules: LoyaltyRuleSettingRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Loyalty rules', description: 'Every rule with its default, where it may be set, and its values per scope.' })
  @ApiOkResponse({ type: LoyaltyRuleSettingListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('loyalty_rules', await this.rules.list(query, toPageRequest(query, [])), (rule) => rule);
  }

  @Get(':rule')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One loyalty rule', description: 'By name, as a body `PUT` takes back. 404 for a name that is no rule.' })
  @ApiOkResponse({ type: LoyaltyRuleSettingResponseDto })
  async show(@Param('rule') rule: string) {
    return dataEnvelope(await this.lifecycle.show(this.rules, rule));
  }

  @Put(':rule')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a loyalty rule',
    description: 'Its values replace the stored ones; a scope left out falls back to the next one, and no value at all to the default.',
  })
  @ApiOkResponse({ type: LoyaltyRuleSettingResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('rule') rule: string, @Body() body: LoyaltyRuleSettingDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.rules, rule, body));
  }
}
