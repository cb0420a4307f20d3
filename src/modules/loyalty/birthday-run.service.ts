import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerState } from '../customers';
import { EarningRuleService } from './earning-rule.service';
import { EventEarningService } from './event-earning.service';
import { wallClock } from './rewards/rules/wall-clock';

/** Customers read per statement; each is granted in a transaction of its own. */
const BATCH = 500;

/**
 * Grants the active birthday rules (event rules naming `birthday`) to every active customer whose
 * birthday is today on the programme's calendar, once per rule and year. Customers hold no time zone,
 * so the programme's (`TESSERA_TIME_ZONE`) names the day; a birthday on 29 February counts on
 * 28 February in other years. Each grant inserts its claim row (customer, rule, year) in the grant's
 * transaction: a second run at once waits on that row and then finds it taken, and a run killed part
 * way leaves only whole grants behind, so no year is granted twice.
 */
@Injectable()
export class BirthdayRunService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly earningRules: EarningRuleService,
    private readonly earning: EventEarningService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers how many customers a rule granted to in this run. */
  async run(now = new Date()): Promise<number> {
    const ruleIds = (await this.earningRules.rules())
      .filter((rule) => rule.trigger === 'event' && rule.conditions.eventTypes.includes('birthday'))
      .map((rule) => rule.id);
    if (ruleIds.length === 0) return 0;
    const today = wallClock(now, this.config.timeZone);
    const leapYear = new Date(Date.UTC(today.year, 1, 29)).getUTCMonth() === 1;
    const days = [today.date.slice(5), ...(!leapYear && today.date.endsWith('-02-28') ? ['02-29'] : [])];
    let granted = 0;
    let after = '';
    for (;;) {
      const due = await this.dataSource.query<{ customer_id: string }[]>(
        `SELECT c.customer_id FROM customers c
          WHERE c.state = $1 AND c.birthdate IS NOT NULL AND to_char(c.birthdate, 'MM-DD') = ANY($2::text[]) AND c.customer_id > $3
            AND EXISTS (SELECT 1 FROM unnest($4::text[]) AS r(earning_rule_id)
                         WHERE NOT EXISTS (SELECT 1 FROM birthday_grants g
                                            WHERE g.customer_id = c.customer_id AND g.earning_rule_id = r.earning_rule_id AND g.year = $5))
          ORDER BY c.customer_id LIMIT ${BATCH}`,
        [CustomerState.Active, days, after, ruleIds, today.year],
      );
      for (const { customer_id: customerId } of due) if (await this.grant(customerId, ruleIds, today.year, now)) granted++;
      if (due.length < BATCH) return granted;
      after = due[due.length - 1].customer_id;
    }
  }

  /** Claims the customer's year of each rule, then grants the rules claimed, in one transaction. */
  private grant(customerId: string, ruleIds: string[], year: number, at: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager.query<{ earning_rule_id: string }[]>(
        `INSERT INTO birthday_grants (customer_id, earning_rule_id, year)
         SELECT $1, earning_rule_id, $3 FROM unnest($2::text[]) AS r(earning_rule_id)
         ON CONFLICT DO NOTHING RETURNING earning_rule_id`,
        [customerId, ruleIds, year],
      );
      if (claimed.length === 0) return false;
      const ids = new Set(claimed.map((row) => row.earning_rule_id));
      const granted = await this.earning.grant(
        { customerId, eventType: 'birthday', at, note: `Birthday ${year}`, extendedData: {}, accepts: (rule) => ids.has(rule.id) },
        manager,
      );
      return granted.length > 0;
    });
  }
}
