import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { EarningGrantDto, EarningRuleDefinitionDto, EarningSimulationDto } from './dto/earning-rule-definition.dto';
import { readEarningCustomerFacts } from './earning-customer-facts';
import { checkEarningRule, earningRuleOf } from './earning-rule.mapper';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { wallClock } from './rewards/rules/wall-clock';
import {
  byPriority,
  defaultEarning,
  EarningOccasion,
  EarningRule,
  evaluateRules,
  GrantedEffect,
  periodKey,
  RuleUsage,
  totals,
} from './rules/earning-rules';

/**
 * The active earning rules, held in memory on every instance and rebuilt when a write to
 * `earning_rules` reaches the change feed (decision 29): weighing them reads nothing, so a closure's
 * statements do not grow with the rules. Only a grant writes, and a limit or budget is claimed by one
 * conditional statement each, so concurrent closures can never take a rule past them.
 */
@Injectable()
export class EarningRuleService {
  private readonly active: MemorySnapshot<EarningRule[]>;

  constructor(
    changes: ChangeFeed,
    private readonly loyaltyRules: LoyaltyRuleService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.active = new MemorySnapshot(changes, ['earning_rules'], async (manager) => {
      const rows = await manager.query<{ earning_rule_id: string; definition: EarningRuleDefinitionDto }[]>(
        `SELECT earning_rule_id, definition FROM earning_rules WHERE state = 1`,
      );
      return rows.map((row) => earningRuleOf(row.earning_rule_id, row.definition)).sort(byPriority);
    });
  }

  /** The active rules, by priority; an installation without rules has none and earns as it always did. */
  rules(): Promise<EarningRule[]> {
    return this.active.get();
  }

  /**
   * Claims what `rule` grants a customer on the programme's calendar `date`: one more grant in each
   * limited period and the points and money against its budgets, each by one conditional statement.
   * False when a limit or budget is used up (another closure may have taken it first); a claim that
   * fails part way is rolled back to a savepoint, so it leaves nothing counted.
   */
  async claim(
    rule: EarningRule,
    customerId: string,
    date: string,
    effects: readonly GrantedEffect[],
    manager: EntityManager,
  ): Promise<boolean> {
    const budgeted = rule.limits.budgetPoints !== null || rule.limits.budgetCents !== null;
    if (rule.limits.perCustomer.length === 0 && !budgeted) return true;
    await manager.query(`SAVEPOINT earning_rule_claim`);
    const claimed =
      (await this.countGrants(rule, customerId, date, manager)) && (!budgeted || (await this.spendBudget(rule, effects, manager)));
    await manager.query(claimed ? `RELEASE SAVEPOINT earning_rule_claim` : `ROLLBACK TO SAVEPOINT earning_rule_claim`);
    return claimed;
  }

  /**
   * Gives back to the budgets of the rules a cancelled bill was granted by what they claimed, in one
   * statement: the points of `pointIds` (point records noting their rule) and the money of the credits
   * the rules granted on the bill `purchaseId`. A cancelled bill counts against no budget; grants counted
   * against a customer's limits stay counted.
   */
  async giveBack(pointIds: readonly string[], purchaseId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `WITH granted AS (
         SELECT earning_rule_id, sum(points) AS points, sum(money) AS money FROM (
           SELECT h.extended_data->>'earning_rule_id' AS earning_rule_id, p.assigned_points AS points, 0 AS money
             FROM points p JOIN point_history h ON h.point_id = p.point_id AND h.extended_data ? 'earning_rule_id'
            WHERE p.point_id = ANY($1::varchar[])
           UNION ALL
           SELECT earning_rule_id, 0, money FROM earning_rule_effects WHERE purchase_id = $2 AND kind = 'credits') claimed
          GROUP BY 1)
       UPDATE earning_rule_budgets b
          SET granted_points = greatest(b.granted_points - granted.points, 0), granted_money = greatest(b.granted_money - granted.money, 0)
         FROM granted WHERE b.earning_rule_id = granted.earning_rule_id`,
      [pointIds, purchaseId],
    );
  }

  private async countGrants(rule: EarningRule, customerId: string, date: string, manager: EntityManager): Promise<boolean> {
    for (const limit of rule.limits.perCustomer) {
      const [counted] = await manager.query<unknown[]>(
        `INSERT INTO earning_rule_grants AS g (earning_rule_id, customer_id, period_key, times) VALUES ($1, $2, $3, 1)
         ON CONFLICT (earning_rule_id, customer_id, period_key) DO UPDATE SET times = g.times + 1 WHERE g.times < $4
         RETURNING 1`,
        [rule.id, customerId, periodKey(limit.period, date), limit.times],
      );
      if (!counted) return false;
    }
    return true;
  }

  /** A grant is whole or nothing: the row is updated only when all of it fits, which PostgreSQL rechecks after a concurrent update. */
  private async spendBudget(rule: EarningRule, effects: readonly GrantedEffect[], manager: EntityManager): Promise<boolean> {
    const { points, cents } = totals(effects);
    // Wrapped in a SELECT, which answers its rows whatever the driver makes of an UPDATE's.
    const [spent] = await manager.query<{ n: number }[]>(
      `WITH spent AS (
         UPDATE earning_rule_budgets SET granted_points = granted_points + $2::numeric / 100, granted_money = granted_money + $3::numeric / 100
          WHERE earning_rule_id = $1
            AND ($4::numeric IS NULL OR granted_points + $2::numeric / 100 <= $4::numeric / 100)
            AND ($5::numeric IS NULL OR granted_money + $3::numeric / 100 <= $5::numeric / 100)
          RETURNING 1)
       SELECT count(*)::int AS n FROM spent`,
      [rule.id, points, cents, rule.limits.budgetPoints, rule.limits.budgetCents],
    );
    return spent.n === 1;
  }

  /**
   * What a bill (or an event) and a customer would earn under the active rules and the drafts given,
   * with what each rule has granted against its budget so far: the default earning by the store's
   * `points_per_currency_unit` first, then each rule's grants, named by its code. Writes nothing.
   */
  async simulate(input: EarningSimulationDto): Promise<{ grants: EarningGrantDto[]; points: number; credits: number }> {
    const drafts = (input.draft_rules ?? []).map((draft, index) => {
      checkEarningRule(draft, `draft_rules.${index}.`);
      return earningRuleOf(`draft-${index}`, draft);
    });
    const at = input.at ? new Date(input.at) : new Date();
    const clock = wallClock(at, this.config.timeZone);
    const [hours, minutes] = clock.time.split(':').map(Number);
    const lines = (input.lines ?? []).map((line) => ({
      productId: line.product_id ?? null,
      productGroupId: line.product_group_id ?? null,
      productBrandId: line.product_brand_id ?? null,
      tags: line.tags ?? [],
      quantity: line.quantity,
      earningCents: Math.round(line.amount * 100),
    }));
    const occasion: EarningOccasion = {
      trigger: input.event_type === undefined || input.event_type === 'purchase' ? 'purchase' : 'event',
      eventType: input.event_type ?? 'purchase',
      at,
      weekday: clock.weekday,
      minuteOfDay: hours * 60 + minutes,
      storeId: input.store_id ?? null,
      storeGroupIds: input.store_group_ids ?? [],
      partnerId: input.partner_id ?? null,
      paymentTypeId: input.payment_type_id ?? null,
      totalCents: input.total === undefined ? lines.reduce((sum, line) => sum + line.earningCents, 0) : Math.round(input.total * 100),
      lines,
      defaultRate: (await this.loyaltyRules.rulesFor(input.store_id ?? '', input.partner_id ?? '')).pointsPerCurrencyUnit,
    };
    const known =
      input.customer_id === undefined
        ? undefined
        : await readEarningCustomerFacts(input.customer_id, clock.date, 'customer_id', this.dataSource.manager);
    const given = input.customer ?? {};
    const budgets = await this.budgetsUsed();
    const earning = evaluateRules(
      [...(await this.rules()), ...drafts],
      occasion,
      {
        statusId: given.status_id !== undefined ? given.status_id : (known?.statusId ?? null),
        segmentIds: given.segment_ids ?? known?.segmentIds ?? [],
        age: given.age !== undefined ? given.age : (known?.age ?? null),
        consentIds: given.consent_ids ?? known?.consentIds ?? [],
        firstPurchase: given.first_purchase ?? known?.firstPurchase ?? false,
      },
      (ruleId) => budgets.get(ruleId) ?? { customerGrants: {}, budgetPointsUsed: 0, budgetCentsUsed: 0 },
    );
    const base = earning.defaultApplies ? defaultEarning(occasion) : 0;
    const grants: EarningGrantDto[] = [
      ...(base > 0 ? [{ rule: 'points_per_currency_unit', kind: 'points', points: base / 100 }] : []),
      ...earning.effects.map(grantDto),
    ];
    const { points, cents } = totals(earning.effects);
    return { grants, points: (base + points) / 100, credits: cents / 100 };
  }

  private async budgetsUsed(): Promise<Map<string, RuleUsage>> {
    const rows = await this.dataSource.query<{ earning_rule_id: string; points: string; money: string }[]>(
      `SELECT earning_rule_id, (granted_points * 100)::text AS points, (granted_money * 100)::text AS money FROM earning_rule_budgets`,
    );
    return new Map(
      rows.map((row) => [
        row.earning_rule_id,
        { customerGrants: {}, budgetPointsUsed: Number(row.points), budgetCentsUsed: Number(row.money) },
      ]),
    );
  }
}

function grantDto(effect: GrantedEffect): EarningGrantDto {
  switch (effect.kind) {
    case 'points':
      return { rule: effect.ruleCode, kind: effect.kind, points: effect.points / 100 };
    case 'credits':
      return { rule: effect.ruleCode, kind: effect.kind, amount: effect.cents / 100 };
    case 'reward_voucher':
      return { rule: effect.ruleCode, kind: effect.kind, reward_id: effect.rewardId };
    case 'stamp':
      return { rule: effect.ruleCode, kind: effect.kind, stamper_campaign_id: effect.stamperCampaignId, stamps: effect.stamps };
  }
}
