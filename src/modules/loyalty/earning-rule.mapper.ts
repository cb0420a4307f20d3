import { CommonException, InvalidReason } from '@tessera/http';
import { EarningEffectDto, EarningRuleDefinitionDto } from './dto/earning-rule-definition.dto';
import { EarningRule, RuleEffect } from './rules/earning-rules';

const cents = (amount: number): number => Math.round(amount * 100);
const minutes = (hour: string | null | undefined): number | null => {
  if (!hour) return null;
  const [h, m] = hour.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Refuses what the JSON Schema cannot say: the fields each kind of effect needs, a validity window
 * that ends before it starts, two limits of one period. Errors name the field, as every refusal does.
 */
export function checkEarningRule(input: EarningRuleDefinitionDto, prefix = ''): void {
  input.effects.forEach((effect, index) => {
    const missing = requiredOf(effect).find((field) => effect[field] === undefined || effect[field] === null);
    if (missing !== undefined) {
      throw CommonException.invalid(
        `${prefix}effects.${index}.${missing}`,
        InvalidReason.Required,
        `A ${effect.kind} effect needs ${missing}`,
      );
    }
  });
  if (input.valid_from && input.valid_to && new Date(input.valid_to) <= new Date(input.valid_from)) {
    throw CommonException.invalid(`${prefix}valid_to`, InvalidReason.NotAllowedValue, 'The rule ends before it starts', input.valid_to);
  }
  const ages = input.conditions;
  if (ages?.age_min != null && ages.age_max != null && ages.age_max < ages.age_min) {
    throw CommonException.invalid(
      'conditions.age_max',
      InvalidReason.NotAllowedValue,
      'The oldest age is below the youngest',
      ages.age_max,
    );
  }
  const periods = (input.limits?.per_customer ?? []).map((limit) => limit.period);
  const repeated = periods.find((period, index) => periods.indexOf(period) !== index);
  if (repeated !== undefined) {
    throw CommonException.invalid(`${prefix}limits.per_customer`, InvalidReason.AlreadyExists, 'One limit per period', repeated);
  }
  if ((input.trigger ?? 'purchase') === 'event' && (input.conditions?.event_types ?? []).length === 0) {
    throw CommonException.invalid(
      `${prefix}conditions.event_types`,
      InvalidReason.Required,
      'An event rule names the event types it answers',
    );
  }
}

function requiredOf(effect: EarningEffectDto): (keyof EarningEffectDto)[] {
  switch (effect.kind) {
    case 'points_per_currency_unit':
      return [];
    case 'fixed_points':
    case 'points_per_item':
      return ['points'];
    case 'credits':
      return ['amount'];
    case 'reward_voucher':
      return ['reward_id'];
    case 'stamp':
      return ['stamper_campaign_id'];
  }
}

/** The rule as the engine reads it, from the definition as stored. */
export function earningRuleOf(id: string, input: EarningRuleDefinitionDto): EarningRule {
  const c = input.conditions ?? {};
  const items = c.items ?? null;
  return {
    id,
    code: input.code,
    trigger: input.trigger ?? 'purchase',
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validTo: input.valid_to ? new Date(input.valid_to) : null,
    priority: input.priority,
    stacking: input.stacking,
    conditions: {
      billTotalMinCents: c.bill_total_min == null ? null : cents(c.bill_total_min),
      paidMinCents: c.paid_min == null ? null : cents(c.paid_min),
      items:
        items === null
          ? null
          : {
              productIds: items.product_ids ?? [],
              productGroupIds: items.product_group_ids ?? [],
              productBrandIds: items.product_brand_ids ?? [],
              tags: items.tags ?? [],
              minQuantity: items.min_quantity ?? null,
              minAmountCents: items.min_amount == null ? null : cents(items.min_amount),
            },
      storeIds: c.store_ids ?? [],
      storeGroupIds: c.store_group_ids ?? [],
      partnerIds: c.partner_ids ?? [],
      paymentTypeIds: c.payment_type_ids ?? [],
      weekdays: c.weekdays ?? [],
      minutesFrom: minutes(c.hours_from),
      minutesTo: minutes(c.hours_to),
      statusIds: c.status_ids ?? [],
      segmentIds: c.segment_ids ?? [],
      ageMin: c.age_min ?? null,
      ageMax: c.age_max ?? null,
      consentIds: c.consent_ids ?? [],
      firstPurchase: c.first_purchase ?? null,
      eventTypes: c.event_types ?? [],
    },
    effects: input.effects.map(effectOf),
    limits: {
      perCustomer: (input.limits?.per_customer ?? []).map((limit) => ({ period: limit.period, times: limit.times })),
      budgetPoints: input.limits?.budget_points == null ? null : cents(input.limits.budget_points),
      budgetCents: input.limits?.budget_money == null ? null : cents(input.limits.budget_money),
    },
  };
}

function effectOf(effect: EarningEffectDto): RuleEffect {
  switch (effect.kind) {
    case 'points_per_currency_unit':
      return { kind: effect.kind, on: effect.on ?? 'bill', rate: effect.rate ?? null, multiplier: effect.multiplier ?? 1 };
    case 'fixed_points':
    case 'points_per_item':
      return { kind: effect.kind, points: cents(effect.points ?? 0) };
    case 'credits':
      return { kind: effect.kind, cents: cents(effect.amount ?? 0), creditTypeId: effect.credit_type_id ?? null };
    case 'reward_voucher':
      return { kind: effect.kind, rewardId: effect.reward_id ?? '' };
    case 'stamp':
      return { kind: effect.kind, stamperCampaignId: effect.stamper_campaign_id ?? '', stamps: effect.stamps ?? 1 };
  }
}
