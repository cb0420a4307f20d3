import { likePattern } from '@tessera/core';
import { statusInForceSql } from '../../customers';
import { ProfileField, SegmentCondition } from './segment-conditions';

/** The moment an evaluation answers for: `now`, and today's date on the programme clock (YYYY-MM-DD). */
export interface EvaluationClock {
  now: Date;
  today: string;
}

/** Today's date (YYYY-MM-DD) in the programme's time zone. */
export function programmeToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The parameters of one compiled statement. Every value a tree holds becomes a parameter; only column
 * names and operators chosen from fixed lists are written into the SQL text. `customerIds` restricts
 * the statement to those customers (an incremental re-check): every subquery then reads their rows
 * only, through the per-customer indexes, instead of whole tables.
 */
export class SegmentSqlParams {
  readonly values: unknown[] = [];
  private readonly slots = new Map<string, string>();

  constructor(
    private readonly clock: EvaluationClock,
    readonly customerIds: readonly string[] | null = null,
  ) {}

  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }

  private slot(key: string, value: () => unknown, cast: string): string {
    let placeholder = this.slots.get(key);
    if (placeholder === undefined) {
      placeholder = this.add(value(), cast);
      this.slots.set(key, placeholder);
    }
    return placeholder;
  }

  now(): string {
    return this.slot('now', () => this.clock.now.toISOString(), 'timestamptz');
  }

  today(): string {
    return this.slot('today', () => this.clock.today, 'date');
  }

  /** `column` restricted to the customers re-checked; in a full evaluation, to rows of some customer. */
  scope(column: string): string {
    if (this.customerIds === null) return `${column} IS NOT NULL`;
    return `${column} = ANY(${this.slot('customers', () => this.customerIds, 'varchar[]')})`;
  }

  /** The start of a rolling window of `days` up to now; none when `days` is absent. */
  since(column: string, days: number | undefined): string[] {
    return days === undefined ? [] : [`${column} >= ${this.now()} - make_interval(days => ${this.add(days, 'int')})`];
  }
}

const PROFILE_COLUMNS: Record<ProfileField, string> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone: 'phone',
  gender: 'gender',
  language_id: 'language_id',
  city: 'city',
  zip: 'zip',
  country_code: 'country_code',
  store_id: 'store_id',
  state: 'state',
};

/** A purchase counts while it is not a cancellation and no cancellation reverses it. */
const LIVE_PURCHASE = (p: string) =>
  `NOT ${p}.canceled AND NOT EXISTS (SELECT 1 FROM purchases x WHERE x.canceled_purchase_id = ${p}.purchase_id)`;

interface Bound {
  measure: string;
  min?: number;
  max?: number;
  cast: string;
}

/**
 * Customers whose aggregate over their rows of `from` lies within the bounds, as one set. Where every
 * bound admits zero (a customer with no rows), the set is that of the customers not outside them, so a
 * customer with no purchases has "at most 2 purchases".
 */
function bounded(alias: string, customer: string, from: string, where: string[], bounds: Bound[], params: SegmentSqlParams): string {
  const within = bounds.flatMap(({ measure, min, max, cast }) => [
    ...(min !== undefined ? [`${measure} >= ${params.add(min, cast)}`] : []),
    ...(max !== undefined ? [`${measure} <= ${params.add(max, cast)}`] : []),
  ]);
  const admitsZero = bounds.every(({ min, max }) => (min === undefined || min <= 0) && (max === undefined || max >= 0));
  const having = within.join(' AND ');
  const conditions = [params.scope(customer), ...where].join(' AND ');
  const grouped = `SELECT ${customer} FROM ${from} WHERE ${conditions} GROUP BY ${customer}`;
  return admitsZero
    ? `${alias}.customer_id NOT IN (${grouped} HAVING NOT (${having}))`
    : `${alias}.customer_id IN (${grouped} HAVING ${having})`;
}

const member = (alias: string, customer: string, from: string, where: string[], params: SegmentSqlParams) =>
  `${alias}.customer_id IN (SELECT ${customer} FROM ${from} WHERE ${[params.scope(customer), ...where].join(' AND ')})`;

/** A column test that may meet NULL, made two-valued so `not` is exact. */
const definite = (sql: string) => `coalesce((${sql}), false)`;

/**
 * The condition tree as a boolean SQL expression over the customer row `alias` (of `customers`).
 * Relational conditions are set tests (`IN` a grouped subquery), so a full evaluation reads each table
 * once; never NULL, so `not` and `any` keep their plain meaning.
 */
export function segmentPredicateSql(node: SegmentCondition, params: SegmentSqlParams, alias = 'c'): string {
  const id = `${alias}.customer_id`;
  switch (node.kind) {
    case 'all':
      return `(${node.conditions.map((child) => segmentPredicateSql(child, params, alias)).join(' AND ')})`;
    case 'any':
      return `(${node.conditions.map((child) => segmentPredicateSql(child, params, alias)).join(' OR ')})`;
    case 'not':
      return `NOT ${segmentPredicateSql(node.condition, params, alias)}`;
    case 'profile': {
      const column = `lower(${alias}.${PROFILE_COLUMNS[node.field]}::text)`;
      const values = (node.values ?? []).map((value) => value.toLowerCase());
      if (node.op === 'one_of') return definite(`${column} = ANY(${params.add(values, 'text[]')})`);
      if (node.op === 'contains') return definite(`${column} LIKE ANY(${params.add(values.map(likePattern), 'text[]')})`);
      const present = `coalesce(${column}, '') <> ''`;
      return node.op === 'present' ? present : `NOT ${present}`;
    }
    case 'property': {
      const where = [
        `r.property_id = ${params.add(node.property_id, 'varchar')}`,
        `r.property_value IS NOT NULL`,
        `r.property_value <> 'null'::jsonb`,
      ];
      const numeric = `CASE WHEN jsonb_typeof(r.property_value) = 'number' THEN (r.property_value #>> '{}')::numeric
                            WHEN jsonb_typeof(r.property_value) = 'string' AND (r.property_value #>> '{}') ~ '^-?[0-9]+(\\.[0-9]+)?$'
                            THEN (r.property_value #>> '{}')::numeric END`;
      switch (node.op) {
        case 'present':
          return member(alias, 'r.customer_id', 'customer_property_records r', where, params);
        case 'absent':
          return `NOT ${member(alias, 'r.customer_id', 'customer_property_records r', where, params)}`;
        case 'one_of':
          where.push(`EXISTS (SELECT 1 FROM jsonb_array_elements(${params.add(JSON.stringify(node.values ?? []), 'jsonb')}) v(x)
                       WHERE r.property_value = v.x OR (jsonb_typeof(r.property_value) = 'array' AND r.property_value @> jsonb_build_array(v.x)))`);
          return member(alias, 'r.customer_id', 'customer_property_records r', where, params);
        case 'at_least':
        case 'at_most':
          where.push(`${numeric} ${node.op === 'at_least' ? '>=' : '<='} ${params.add(node.value ?? 0, 'numeric')}`);
          return member(alias, 'r.customer_id', 'customer_property_records r', where, params);
      }
      break;
    }
    case 'status':
      return definite(`${statusInForceSql(id)} = ANY(${params.add(node.status_ids, 'varchar[]')})`);
    case 'consent':
      return member(
        alias,
        'k.customer_id',
        'customer_consents k',
        [`k.agreement_id = ${params.add(node.agreement_id, 'varchar')}`, 'k.consent_value = 1'],
        params,
      );
    case 'age': {
      // Whole years on the programme's today: born on or before today less `min` years, after today less `max + 1`.
      const tests = [
        ...(node.min !== undefined
          ? [`${alias}.birthdate <= ${params.today()} - make_interval(years => ${params.add(node.min, 'int')})`]
          : []),
        ...(node.max !== undefined
          ? [`${alias}.birthdate > ${params.today()} - make_interval(years => ${params.add(node.max + 1, 'int')})`]
          : []),
      ];
      return definite(tests.join(' AND '));
    }
    case 'birthday': {
      const today = params.today();
      const days = params.add(node.within_days, 'int');
      // This year's birthday (29 February falls on the 28th) or, once past, next year's.
      const on = (extra: number) =>
        `(${alias}.birthdate + make_interval(years => extract(year FROM ${today})::int - extract(year FROM ${alias}.birthdate)::int + ${extra}))::date`;
      return definite(`${on(0)} BETWEEN ${today} AND ${today} + ${days} OR ${on(1)} BETWEEN ${today} AND ${today} + ${days}`);
    }
    case 'card_type':
      return member(
        alias,
        'k.customer_id',
        'cards k',
        ['k.state = 1', `k.card_type_id = ANY(${params.add(node.card_type_ids, 'varchar[]')})`],
        params,
      );
    case 'purchases': {
      const where = [LIVE_PURCHASE('p'), ...params.since('p.payment_time', node.days)];
      if (node.store_ids) where.push(`p.store_id = ANY(${params.add(node.store_ids, 'varchar[]')})`);
      return bounded(
        alias,
        'p.customer_id',
        'purchases p',
        where,
        [
          { measure: 'count(*)', min: node.count_min, max: node.count_max, cast: 'bigint' },
          { measure: 'coalesce(sum(p.total_price), 0)', min: node.amount_min, max: node.amount_max, cast: 'numeric' },
        ],
        params,
      );
    }
    case 'bought': {
      const lines = [
        ...(node.product_ids ? [`i.product_id = ANY(${params.add(node.product_ids, 'varchar[]')})`] : []),
        ...(node.product_group_ids ? [`i.product_group_id = ANY(${params.add(node.product_group_ids, 'varchar[]')})`] : []),
        ...(node.product_brand_ids ? [`i.product_brand_id = ANY(${params.add(node.product_brand_ids, 'varchar[]')})`] : []),
        ...(node.tag_ids
          ? [
              `EXISTS (SELECT 1 FROM product_tag_records t WHERE t.product_id = i.product_id AND t.tag_id = ANY(${params.add(node.tag_ids, 'varchar[]')}))`,
            ]
          : []),
      ];
      return member(
        alias,
        'p.customer_id',
        'purchases p JOIN purchase_items i ON i.purchase_id = p.purchase_id',
        [LIVE_PURCHASE('p'), ...params.since('p.payment_time', node.days), `(${lines.join(' OR ')})`],
        params,
      );
    }
    case 'last_purchase':
      return `${id} IN (SELECT p.customer_id FROM purchases p WHERE ${params.scope('p.customer_id')} AND ${LIVE_PURCHASE('p')}
               GROUP BY p.customer_id HAVING max(p.payment_time) < ${params.now()} - make_interval(days => ${params.add(node.more_than_days, 'int')}))`;
    case 'points_balance': {
      const where = ['pt.available_points > 0', 'pt.state = 1', `(pt.valid_to IS NULL OR pt.valid_to > ${params.now()})`];
      if (node.point_type_ids) where.push(`pt.point_type_id = ANY(${params.add(node.point_type_ids, 'varchar[]')})`);
      return bounded(
        alias,
        'pt.customer_id',
        'points pt',
        where,
        [{ measure: 'sum(pt.available_points)', min: node.min, max: node.max, cast: 'numeric' }],
        params,
      );
    }
    case 'points_earned':
      return bounded(
        alias,
        'pt.customer_id',
        'points pt',
        ['pt.assigned_points > 0', ...params.since('pt.created_at', node.days)],
        [{ measure: 'sum(pt.assigned_points)', min: node.min, max: node.max, cast: 'numeric' }],
        params,
      );
    case 'vouchers_used': {
      const where = ['v.applied_at IS NOT NULL', ...params.since('v.applied_at', node.days)];
      if (node.reward_ids) where.push(`v.reward_id = ANY(${params.add(node.reward_ids, 'varchar[]')})`);
      return bounded(
        alias,
        'v.customer_id',
        'vouchers v',
        where,
        [{ measure: 'count(*)', min: node.count_min, max: node.count_max, cast: 'bigint' }],
        params,
      );
    }
    case 'event': {
      const where = [
        `e.event_type_id = (SELECT event_type_id FROM event_types WHERE text_id = ${params.add(node.event_type, 'text')})`,
        'e.state <> 0',
        ...params.since('e.created_at', node.days),
      ];
      if (node.properties && Object.keys(node.properties).length > 0)
        where.push(`e.data @> ${params.add(JSON.stringify(node.properties), 'jsonb')}`);
      const min = node.count_min === undefined && node.count_max === undefined ? 1 : node.count_min;
      return bounded(
        alias,
        'e.customer_id',
        'customer_events e',
        where,
        [{ measure: 'count(*)', min, max: node.count_max, cast: 'bigint' }],
        params,
      );
    }
    case 'segment':
      return member(alias, 'r.customer_id', 'segment_records r', [`r.segment_id = ${params.add(node.segment_id, 'varchar')}`], params);
  }
  throw new Error(`Unknown segment condition ${(node as { kind: string }).kind}`);
}

/**
 * The ids of the customers (not deleted) for whom the tree holds, as one SELECT; restricted to
 * `params.customerIds` when given.
 */
export function segmentMatchSql(node: SegmentCondition, params: SegmentSqlParams): string {
  return `SELECT c.customer_id FROM customers c WHERE c.state <> 0 AND ${params.scope('c.customer_id')} AND ${segmentPredicateSql(node, params)}`;
}
