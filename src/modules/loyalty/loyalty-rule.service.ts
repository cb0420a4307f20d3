import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { within } from '@tessera/core';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { CommonException, InvalidReason } from '@tessera/http';
import { CurrencyService, PartnerService, StatusService, StoreService } from '../reference-data';
import {
  LOYALTY_RULES,
  LoyaltyRuleName,
  LoyaltyRules,
  RuleScope,
  StoredRule,
  isLoyaltyRuleName,
  resolveLoyaltyRules,
} from './rules/loyalty-rules';
import { LoyaltyRuleEntity } from './entities/loyalty-rule.entity';

export const RULE_SCOPES: readonly RuleScope[] = ['project', 'partner', 'store'];

/** The project's loyalty rules as stored by the admin CLI; the purchase closure reads them per store. */
@Injectable()
export class LoyaltyRuleService {
  private readonly stored: MemorySnapshot<StoredRule[]>;

  constructor(
    @InjectRepository(LoyaltyRuleEntity) private readonly rules: Repository<LoyaltyRuleEntity>,
    private readonly stores: StoreService,
    private readonly partners: PartnerService,
    private readonly statuses: StatusService,
    private readonly currencies: CurrencyService,
    changes: ChangeFeed,
  ) {
    this.stored = new MemorySnapshot(changes, ['loyalty_rules'], async (manager) =>
      (await manager.find(LoyaltyRuleEntity)).map(toStoredRule),
    );
  }

  /** The rules in force at a store of a partner. */
  async rulesFor(storeId: string, partnerId: string): Promise<LoyaltyRules> {
    return resolveLoyaltyRules(await this.stored.get(), storeId, partnerId);
  }

  /** The rules as the project sets them, partner and store values left out (what no single store decides). */
  async projectRules(): Promise<LoyaltyRules> {
    return resolveLoyaltyRules(await this.stored.get(), '', '');
  }

  /** Every stored value, by rule, then project before partners before stores. */
  async list(manager?: EntityManager): Promise<StoredRule[]> {
    const stored = await within(this.rules, manager).find();
    return stored
      .map(toStoredRule)
      .sort(
        (a, b) =>
          a.rule.localeCompare(b.rule) || RULE_SCOPES.indexOf(a.scope) - RULE_SCOPES.indexOf(b.scope) || a.scopeId.localeCompare(b.scopeId),
      );
  }

  /**
   * Stores a rule's value for the project (`scopeId` empty), a partner or a store, after checking that
   * the rule exists, may be set at that scope, that the value parses and that what it names exists.
   */
  async set(rule: string, scope: RuleScope, scopeId: string, value: string, manager?: EntityManager): Promise<void> {
    const name = await this.checkScope(rule, scope, scopeId);
    let parsed: LoyaltyRules[keyof LoyaltyRules];
    try {
      parsed = LOYALTY_RULES[name].parse(value);
    } catch (error) {
      throw CommonException.invalid('value', InvalidReason.InvalidValueFormat, (error as Error).message, value);
    }
    if (Array.isArray(parsed)) await this.requireCurrencyCodes(parsed);
    else if (typeof parsed === 'object' && parsed.kind === 'statuses') await this.statuses.requireTextIds(parsed.statusTextIds, 'value');
    await within(this.rules, manager).upsert({ rule: name, scope, scopeId, value: value.trim(), lastChange: new Date() }, [
      'rule',
      'scope',
      'scopeId',
    ]);
  }

  /** Removes a stored value, so the next scope's value (or the default) applies; false when none was stored. */
  async unset(rule: string, scope: RuleScope, scopeId: string): Promise<boolean> {
    if (!isLoyaltyRuleName(rule)) throw unknownRule(rule);
    const result = await this.rules.delete({ rule, scope, scopeId });
    return (result.affected ?? 0) > 0;
  }

  private async requireCurrencyCodes(codes: string[]): Promise<void> {
    for (const code of codes) {
      if (!(await this.currencies.findByCode(code)))
        throw CommonException.invalid('value', InvalidReason.NotFound, 'No currency has this code', code);
    }
  }

  private async checkScope(rule: string, scope: RuleScope, scopeId: string): Promise<LoyaltyRuleName> {
    if (!isLoyaltyRuleName(rule)) throw unknownRule(rule);
    const scopes: readonly RuleScope[] = LOYALTY_RULES[rule].scopes;
    if (!scopes.includes(scope)) {
      throw CommonException.invalid('scope', InvalidReason.NotAllowedValue, `${rule} can be set only for: ${scopes.join(', ')}`, scope);
    }
    if (scope === 'project' && scopeId !== '') throw new Error('A project-wide rule has no scope id');
    if (scope === 'store') await this.stores.requireStore(scopeId, 'store_id');
    if (scope === 'partner') await this.partners.requirePartner(scopeId, 'partner_id');
    return rule;
  }
}

function toStoredRule(entity: LoyaltyRuleEntity): StoredRule {
  return { rule: entity.rule, scope: entity.scope, scopeId: entity.scopeId, value: entity.value };
}

function unknownRule(rule: string): CommonException {
  return CommonException.invalid(
    'rule',
    InvalidReason.NotAllowedValue,
    `Unknown rule; the rules are: ${Object.keys(LOYALTY_RULES).join(', ')}`,
    rule,
  );
}
