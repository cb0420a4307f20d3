import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerMilestone, CustomerMilestoneHooks } from '../customers';
import { EventPostHooks } from '../events';
import { EarningEffectService } from './earning-effect.service';
import { readEarningCustomerFacts } from './earning-customer-facts';
import { EarningRuleService } from './earning-rule.service';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { PointGainHooks } from './point-gain.hooks';
import { PointLedgerService } from './point-ledger.service';
import { wallClock } from './rewards/rules/wall-clock';
import { EarningRule, evaluateRules, GrantedEffect, NO_USAGE, USED_UP } from './rules/earning-rules';

/** What an event rule may answer: a posted event, a customer's milestone or birthday. */
export interface RuleOccasion {
  customerId: string;
  /** The event type rules name in `event_types`: a posted event's text id, or `registration`, `referral`, `consent_given`, `birthday`. */
  eventType: string;
  at: Date;
  /** The point record's note, before `: earning rule CODE`. */
  note: string;
  extendedData: Record<string, string>;
  /** Which of the rules answering the type may grant; all when absent. */
  accepts?: (rule: EarningRule) => boolean;
}

/**
 * A milestone as rules see it. A consent rule naming agreements in `consent_ids` answers only their
 * giving: another agreement given later does not grant it again.
 */
export function milestoneOccasion(milestone: CustomerMilestone): RuleOccasion {
  const at = new Date();
  switch (milestone.kind) {
    case 'registration':
      return { customerId: milestone.customerId, eventType: 'registration', at, note: 'Registration', extendedData: {} };
    case 'referral':
      return {
        customerId: milestone.customerId,
        eventType: 'referral',
        at,
        note: milestone.customerId === milestone.referrerId ? `Referral of ${milestone.referredId}` : `Referred by ${milestone.referrerId}`,
        extendedData: { referrer_id: milestone.referrerId, referred_id: milestone.referredId },
      };
    case 'consent_given':
      return {
        customerId: milestone.customerId,
        eventType: 'consent_given',
        at,
        note: `Consent ${milestone.agreementId} given`,
        extendedData: { agreement_id: milestone.agreementId },
        accepts: (rule) => rule.conditions.consentIds.length === 0 || rule.conditions.consentIds.includes(milestone.agreementId),
      };
  }
}

/**
 * Event rules: when `POST /events` writes an event, a customer reaches a milestone (registration,
 * referral, consent given) or the birthday run finds their birthday, the rules answering its type grant
 * their effects in the transaction of that write (points as a point record noting the rule; credits,
 * reward vouchers and stamps as `EarningEffectService` books them), with limits and budgets claimed as
 * a purchase claims them. Without a rule for the type, nothing is read or written.
 */
@Injectable()
export class EventEarningService implements OnModuleInit {
  constructor(
    private readonly hooks: EventPostHooks,
    private readonly milestones: CustomerMilestoneHooks,
    private readonly earningRules: EarningRuleService,
    private readonly loyaltyRules: LoyaltyRuleService,
    private readonly points: PointLedgerService,
    private readonly gains: PointGainHooks,
    private readonly effects: EarningEffectService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.hooks.onPost((event, manager) =>
      this.grant(
        {
          customerId: event.customerId,
          eventType: event.eventTypeTextId,
          at: event.createdAt,
          note: `Event ${event.eventTypeTextId}`,
          extendedData: { event_id: event.eventId },
        },
        manager,
      ).then(() => undefined),
    );
    this.milestones.onMilestone((milestone, manager) => this.grant(milestoneOccasion(milestone), manager).then(() => undefined));
  }

  /**
   * Grants the active event rules answering the occasion's type (and accepted by `accepts`) to the
   * customer, in the caller's transaction; answers the ids of the rules that granted.
   */
  async grant(given: RuleOccasion, manager: EntityManager): Promise<string[]> {
    const accepts = given.accepts ?? (() => true);
    const rules = (await this.earningRules.rules()).filter(
      (rule) => rule.trigger === 'event' && rule.conditions.eventTypes.includes(given.eventType) && accepts(rule),
    );
    if (rules.length === 0) return [];
    const event = { customerId: given.customerId, createdAt: given.at, eventTypeTextId: given.eventType };
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
    let pointsGained = false;
    for (const [ruleId, effects] of claimed) {
      const rule = rules.find((candidate) => candidate.id === ruleId) as EarningRule;
      const points = effects.reduce((sum, effect) => sum + (effect.kind === 'points' ? effect.points : 0), 0);
      if (points > 0) {
        await this.points.addPoints(
          {
            customerId: event.customerId,
            amount: BigInt(points),
            note: `${given.note}: earning rule ${rule.code}`,
            extendedData: { ...given.extendedData, earning_rule_id: rule.id },
          },
          manager,
        );
        pointsGained = true;
      }
    }
    await this.effects.book(
      [...claimed.values()].flat(),
      { customerId: event.customerId, purchaseId: null, partnerId: null, storeId: null, note: given.note, at: given.at },
      manager,
    );
    if (pointsGained) await this.gains.gained(event.customerId, manager);
    return [...claimed.keys()];
  }
}

function groupByRule(effects: readonly GrantedEffect[]): Map<string, GrantedEffect[]> {
  const byRule = new Map<string, GrantedEffect[]>();
  for (const effect of effects) byRule.set(effect.ruleId, [...(byRule.get(effect.ruleId) ?? []), effect]);
  return byRule;
}
