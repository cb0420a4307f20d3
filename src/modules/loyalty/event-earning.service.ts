import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { EventPostHooks, PostedEvent } from '../events';
import { readEarningCustomerFacts } from './earning-customer-facts';
import { EarningRuleService } from './earning-rule.service';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { PointGainHooks } from './point-gain.hooks';
import { PointLedgerService } from './point-ledger.service';
import { wallClock } from './rewards/rules/wall-clock';
import { EarningRule, evaluateRules, GrantedEffect, NO_USAGE, POINT_EFFECT_KINDS, USED_UP } from './rules/earning-rules';

/**
 * Event rules: when `POST /events` writes an event, the rules answering its type grant their points in
 * the event's transaction, each as a point record noting the rule, with limits and budgets claimed as
 * a purchase claims them. Without a rule for the type, nothing is read or written.
 */
@Injectable()
export class EventEarningService implements OnModuleInit {
  constructor(
    private readonly hooks: EventPostHooks,
    private readonly earningRules: EarningRuleService,
    private readonly loyaltyRules: LoyaltyRuleService,
    private readonly points: PointLedgerService,
    private readonly gains: PointGainHooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.hooks.onPost((event, manager) => this.grant(event, manager));
  }

  async grant(event: PostedEvent, manager: EntityManager): Promise<void> {
    const rules = (await this.earningRules.rules())
      .filter((rule) => rule.trigger === 'event' && rule.conditions.eventTypes.includes(event.eventTypeTextId))
      .map((rule) => ({ ...rule, effects: rule.effects.filter((effect) => POINT_EFFECT_KINDS.includes(effect.kind)) }))
      .filter((rule) => rule.effects.length > 0);
    if (rules.length === 0) return;
    const clock = wallClock(event.createdAt, this.config.timeZone);
    const [hours, minutes] = clock.time.split(':').map(Number);
    const occasion = {
      trigger: 'event' as const,
      eventType: event.eventTypeTextId,
      at: event.createdAt,
      weekday: clock.weekday,
      minuteOfDay: hours * 60 + minutes,
      storeId: null,
      storeGroupIds: [],
      partnerId: null,
      paymentTypeId: null,
      totalCents: 0,
      lines: [],
      defaultRate: (await this.loyaltyRules.projectRules()).pointsPerCurrencyUnit,
    };
    const customer = await readEarningCustomerFacts(event.customerId, clock.date, 'customer_id', manager);
    const usedUp = new Set<string>();
    const claimed = new Map<string, GrantedEffect[]>();
    // A rule another writer used up is weighed again as used up, which may let others apply; the ones claimed stay.
    for (;;) {
      const earning = evaluateRules(rules, occasion, customer, (ruleId) => (usedUp.has(ruleId) ? USED_UP : NO_USAGE));
      const byRule = groupByRule(earning.effects);
      const next = [...byRule].find(([ruleId]) => !claimed.has(ruleId));
      if (next === undefined) break;
      const [ruleId, effects] = next;
      const rule = rules.find((candidate) => candidate.id === ruleId) as EarningRule;
      if (await this.earningRules.claim(rule, event.customerId, clock.date, effects, manager)) claimed.set(ruleId, effects);
      else usedUp.add(ruleId);
    }
    for (const [ruleId, effects] of claimed) {
      const rule = rules.find((candidate) => candidate.id === ruleId) as EarningRule;
      const points = effects.reduce((sum, effect) => sum + (effect.kind === 'points' ? effect.points : 0), 0);
      await this.points.addPoints(
        {
          customerId: event.customerId,
          amount: BigInt(points),
          note: `Event ${event.eventTypeTextId}: earning rule ${rule.code}`,
          extendedData: { event_id: event.eventId, earning_rule_id: rule.id },
        },
        manager,
      );
    }
    if (claimed.size > 0) await this.gains.gained(event.customerId, manager);
  }
}

function groupByRule(effects: readonly GrantedEffect[]): Map<string, GrantedEffect[]> {
  const byRule = new Map<string, GrantedEffect[]>();
  for (const effect of effects) byRule.set(effect.ruleId, [...(byRule.get(effect.ruleId) ?? []), effect]);
  return byRule;
}
