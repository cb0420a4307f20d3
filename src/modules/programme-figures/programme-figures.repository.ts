import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CustomerState, statusRecordInForceSql } from '../customers';
import { PointOperation } from '../loyalty';
import { FigureGranularity } from './rules/figure-periods';

/**
 * A source of the daily figures: the column that says when a row was written (what the rollup scans past
 * its mark) and the day the row counts on, which may lie before it was written (a backdated purchase).
 */
interface RollupSource {
  name: string;
  dirtyDaysSql: string;
  recompute: (manager: EntityManager, days: string[]) => Promise<void>;
}

/** A UTC calendar day as its bounds, for range scans on the source tables' time indexes. */
const dayStart = "d.day::timestamp AT TIME ZONE 'UTC'";
const dayEnd = "(d.day + 1)::timestamp AT TIME ZONE 'UTC'";
const utcDay = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/**
 * Recomputes some columns of the daily figures for `$1` (a date array) from `fresh` (rows of day,
 * store_id and those columns), in one statement: rows of those days that `fresh` no longer has are set
 * to 0, the others are written. Recomputing a day from its source is what makes a repeated run harmless.
 */
function replaceDailyColumns(fresh: string, columns: string[]): string {
  return `
    WITH d AS (SELECT unnest($1::date[]) AS day),
    fresh AS (${fresh}),
    cleared AS (
      UPDATE programme_daily_figures f SET ${columns.map((c) => `${c} = 0`).join(', ')}
       WHERE f.day = ANY($1::date[]) AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.day = f.day AND fresh.store_id = f.store_id)
    )
    INSERT INTO programme_daily_figures (day, store_id, ${columns.join(', ')})
    SELECT day, store_id, ${columns.join(', ')} FROM fresh
    ON CONFLICT (day, store_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`;
}

/** The customers who bought on the days `d`, per store; cancellations make no one active. */
const BUYERS_SQL = `
  SELECT DISTINCT d.day, p.store_id, p.customer_id
    FROM d JOIN purchases p ON p.payment_time >= ${dayStart} AND p.payment_time < ${dayEnd}
   WHERE NOT p.canceled AND p.customer_id IS NOT NULL`;

export interface PeriodFiguresRow {
  period: string;
  new_customers: number;
  active_customers: number;
  purchases: number;
  cancellations: number;
  turnover: string;
  points_earned: string;
  points_spent: string;
  points_expired: string;
  points_outstanding: string;
  liability: string;
  vouchers_issued: number;
  vouchers_used: number;
  webhook_failures: number;
}

export interface SnapshotRow {
  kind: 'status' | 'segment' | 'message';
  key: string;
  count: number;
}

export interface CurrentRow {
  snapshots: SnapshotRow[];
  oldest_undelivered: Date | null;
  rolled_up_to: Date | null;
}

/** The rollup tables, their upkeep from the source tables, and the dashboard reads over them. */
@Injectable()
export class ProgrammeFiguresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The sources in the order the rollup runs them; every name has a mark of its own. */
  readonly sources: readonly RollupSource[] = [
    {
      name: 'purchases',
      dirtyDaysSql: `SELECT DISTINCT ${utcDay('payment_time')} AS day FROM purchases WHERE created_at > $1 AND created_at <= $2`,
      recompute: async (manager, days) => {
        await manager.query(
          replaceDailyColumns(
            `SELECT d.day, p.store_id,
                    count(*) FILTER (WHERE NOT p.canceled)::int AS purchases,
                    count(*) FILTER (WHERE p.canceled)::int AS cancellations,
                    sum(CASE WHEN p.canceled THEN -abs(p.total_price) ELSE p.total_price END) AS turnover
               FROM d JOIN purchases p ON p.payment_time >= ${dayStart} AND p.payment_time < ${dayEnd}
              GROUP BY d.day, p.store_id`,
            ['purchases', 'cancellations', 'turnover'],
          ),
          [days],
        );
        await this.recountActiveDays(manager, days);
        await this.addPeriodBuyers(manager, days);
      },
    },
    {
      name: 'customers',
      dirtyDaysSql: `SELECT DISTINCT ${utcDay('created_at')} AS day FROM customers WHERE created_at > $1 AND created_at <= $2`,
      recompute: async (manager, days) => {
        await manager.query(
          replaceDailyColumns(
            `SELECT d.day, coalesce(c.store_id, '') AS store_id, count(*)::int AS new_customers
               FROM d JOIN customers c ON c.created_at >= ${dayStart} AND c.created_at < ${dayEnd}
              GROUP BY d.day, coalesce(c.store_id, '')`,
            ['new_customers'],
          ),
          [days],
        );
      },
    },
    {
      name: 'point_history',
      dirtyDaysSql: `SELECT DISTINCT ${utcDay('recorded_at')} AS day FROM point_history WHERE recorded_at > $1 AND recorded_at <= $2`,
      recompute: async (manager, days) => {
        await manager.query(
          replaceDailyColumns(
            `SELECT d.day, coalesce(h.store_id, '') AS store_id,
                    coalesce(sum(h.point_amount) FILTER (WHERE h.operation_type = $2), 0) AS points_earned,
                    coalesce(-sum(h.point_amount) FILTER (WHERE h.operation_type = $3), 0) AS points_spent,
                    coalesce(-sum(h.point_amount) FILTER (WHERE h.operation_type = $4), 0) AS points_expired,
                    sum(h.point_amount) AS points_net
               FROM d JOIN point_history h ON h.recorded_at >= ${dayStart} AND h.recorded_at < ${dayEnd}
              GROUP BY d.day, coalesce(h.store_id, '')`,
            ['points_earned', 'points_spent', 'points_expired', 'points_net'],
          ),
          [days, PointOperation.Addition, PointOperation.Reduction, PointOperation.Expiration],
        );
      },
    },
    {
      name: 'vouchers_issued',
      dirtyDaysSql: `SELECT DISTINCT ${utcDay('created_at')} AS day FROM vouchers WHERE created_at > $1 AND created_at <= $2`,
      recompute: async (manager, days) => {
        await manager.query(
          replaceDailyColumns(
            `SELECT d.day, coalesce(v.store_id, '') AS store_id, count(*)::int AS vouchers_issued
               FROM d JOIN vouchers v ON v.created_at >= ${dayStart} AND v.created_at < ${dayEnd}
              GROUP BY d.day, coalesce(v.store_id, '')`,
            ['vouchers_issued'],
          ),
          [days],
        );
      },
    },
    {
      name: 'vouchers_used',
      dirtyDaysSql: `SELECT DISTINCT ${utcDay('applied_at')} AS day FROM vouchers WHERE applied_at > $1 AND applied_at <= $2`,
      recompute: async (manager, days) => {
        await manager.query(
          replaceDailyColumns(
            `SELECT d.day, coalesce(v.store_id, '') AS store_id, count(*)::int AS vouchers_used
               FROM d JOIN vouchers v ON v.applied_at >= ${dayStart} AND v.applied_at < ${dayEnd}
              GROUP BY d.day, coalesce(v.store_id, '')`,
            ['vouchers_used'],
          ),
          [days],
        );
      },
    },
  ];

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Whether this transaction got the rollup to itself; another instance holding it is rolling up now. */
  async tryRollupLock(manager: EntityManager, key: bigint): Promise<boolean> {
    const [row]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [key.toString()]);
    return row.locked;
  }

  async waitForRollupLock(manager: EntityManager, key: bigint): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [key.toString()]);
  }

  /** Empties the rollups and their marks, so the next roll-up starts from every row. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM programme_daily_figures`);
    await manager.query(`DELETE FROM programme_period_customers`);
    await manager.query(`DELETE FROM programme_active_customers`);
    await manager.query(`DELETE FROM programme_figure_marks`);
  }

  /**
   * How far this run may scan: now, or the start of the oldest transaction still open on this database
   * (its rows may yet commit with earlier times), but never further back than `maxHold` seconds, so one
   * forgotten open transaction cannot stop the figures.
   */
  async horizon(manager: EntityManager, maxHoldSeconds: number): Promise<Date> {
    const [row]: { horizon: Date }[] = await manager.query(
      `SELECT greatest(
                least(now(), (SELECT min(xact_start) FROM pg_stat_activity
                               WHERE datname = current_database() AND xact_start IS NOT NULL)),
                now() - make_interval(secs => $1)) AS horizon`,
      [maxHoldSeconds],
    );
    return row.horizon;
  }

  async marks(manager: EntityManager): Promise<Map<string, Date>> {
    const rows: { source: string; scanned_to: Date }[] = await manager.query(`SELECT source, scanned_to FROM programme_figure_marks`);
    return new Map(rows.map((row) => [row.source, row.scanned_to]));
  }

  async setMark(manager: EntityManager, source: string, scannedTo: Date): Promise<void> {
    await manager.query(
      `INSERT INTO programme_figure_marks (source, scanned_to) VALUES ($1, $2)
       ON CONFLICT (source) DO UPDATE SET scanned_to = EXCLUDED.scanned_to`,
      [source, scannedTo],
    );
  }

  /** The days (YYYY-MM-DD) rows written after `after` and up to `until` count on. */
  async dirtyDays(manager: EntityManager, source: RollupSource, after: Date | null, until: Date): Promise<string[]> {
    const rows: { day: string }[] = await manager.query(`SELECT day::text AS day FROM (${source.dirtyDaysSql}) days ORDER BY day`, [
      after ?? '-infinity',
      until,
    ]);
    return rows.map((row) => row.day);
  }

  /** Distinct buyers of each day, per store and over all stores (store ''). */
  private async recountActiveDays(manager: EntityManager, days: string[]): Promise<void> {
    await manager.query(
      `WITH d AS (SELECT unnest($1::date[]) AS day),
       buyers AS (${BUYERS_SQL}),
       fresh AS (
         SELECT day, coalesce(store_id, '') AS store_id, count(DISTINCT customer_id)::int AS customers
           FROM buyers GROUP BY GROUPING SETS ((day, store_id), (day))
       ),
       cleared AS (
         UPDATE programme_active_customers a SET customers = 0
          WHERE a.granularity = 'day' AND a.period = ANY($1::date[])
            AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.day = a.period AND fresh.store_id = a.store_id)
       )
       INSERT INTO programme_active_customers (granularity, period, store_id, customers)
       SELECT 'day', day, store_id, customers FROM fresh
       ON CONFLICT (granularity, store_id, period) DO UPDATE SET customers = EXCLUDED.customers`,
      [days],
    );
  }

  /**
   * Adds the days' buyers to the week and month sets (already known ones change nothing) and recounts
   * the weeks and months those days fall in. Purchases are never deleted, so the sets only grow.
   */
  private async addPeriodBuyers(manager: EntityManager, days: string[]): Promise<void> {
    await manager.query(
      `WITH d AS (SELECT unnest($1::date[]) AS day)
       INSERT INTO programme_period_customers (granularity, period, store_id, customer_id)
       SELECT DISTINCT g.granularity, date_trunc(g.granularity, b.day::timestamp)::date, s.store_id, b.customer_id
         FROM (${BUYERS_SQL}) b
        CROSS JOIN (VALUES ('week'), ('month')) g (granularity)
        CROSS JOIN LATERAL (VALUES (b.store_id), ('')) s (store_id)
       ON CONFLICT DO NOTHING`,
      [days],
    );
    await manager.query(
      `WITH touched AS (
         SELECT DISTINCT g.granularity, date_trunc(g.granularity, d::timestamp)::date AS period
           FROM unnest($1::date[]) d CROSS JOIN (VALUES ('week'), ('month')) g (granularity)
       )
       INSERT INTO programme_active_customers (granularity, period, store_id, customers)
       SELECT c.granularity, c.period, c.store_id, count(*)::int
         FROM touched t JOIN programme_period_customers c ON c.granularity = t.granularity AND c.period = t.period
        GROUP BY c.granularity, c.period, c.store_id
       ON CONFLICT (granularity, store_id, period) DO UPDATE SET customers = EXCLUDED.customers`,
      [days],
    );
  }

  /** Replaces the current snapshots: live customers per status in force (none: key ''), segment sizes, messages per state. */
  async refreshSnapshots(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM programme_snapshot_figures`);
    await manager.query(
      `WITH current_status AS (
         SELECT DISTINCT ON (r.customer_id) r.customer_id, r.status_id
           FROM customer_status_records r
          WHERE ${statusRecordInForceSql('r')}
          ORDER BY r.customer_id, r.valid_from DESC, r.status_record_id DESC
       )
       INSERT INTO programme_snapshot_figures (kind, key, count)
       SELECT 'status', coalesce(s.status_id, ''), count(*)
         FROM customers c LEFT JOIN current_status s ON s.customer_id = c.customer_id
        WHERE c.state <> $1
        GROUP BY coalesce(s.status_id, '')
       UNION ALL
       SELECT 'segment', segment_id, count(*) FROM segment_records GROUP BY segment_id
       UNION ALL
       SELECT 'message', status::text, count(*) FROM messages GROUP BY status`,
      [CustomerState.Deleted],
    );
  }

  /**
   * The figures of every period from `start` to `end` (exclusive, both period starts), one statement
   * over the rollups; points outstanding at each period's end run on from the sum of all earlier days.
   */
  async periods(
    granularity: FigureGranularity,
    start: string,
    end: string,
    storeId: string | null,
    pointValue: string,
  ): Promise<PeriodFiguresRow[]> {
    return this.dataSource.query(
      `WITH periods AS (
         SELECT p::date AS period
           FROM generate_series($2::date::timestamp, $3::date::timestamp - interval '1 day', ('1 ' || $1)::interval) p
       ),
       sums AS (
         SELECT date_trunc($1, f.day::timestamp)::date AS period,
                sum(f.new_customers)::int AS new_customers, sum(f.purchases)::int AS purchases,
                sum(f.cancellations)::int AS cancellations, sum(f.turnover) AS turnover,
                sum(f.points_earned) AS points_earned, sum(f.points_spent) AS points_spent,
                sum(f.points_expired) AS points_expired, sum(f.points_net) AS points_net,
                sum(f.vouchers_issued)::int AS vouchers_issued, sum(f.vouchers_used)::int AS vouchers_used
           FROM programme_daily_figures f
          WHERE f.day >= $2::date AND f.day < $3::date AND ($4::varchar IS NULL OR f.store_id = $4)
          GROUP BY 1
       ),
       opening AS (
         SELECT coalesce(sum(f.points_net), 0) AS points
           FROM programme_daily_figures f WHERE f.day < $2::date AND ($4::varchar IS NULL OR f.store_id = $4)
       ),
       failures AS (
         SELECT date_trunc($1, w.created_at AT TIME ZONE 'UTC')::date AS period, count(*)::int AS failures
           FROM webhook_deliveries w
          WHERE w.status = 2 AND w.created_at >= $2::date::timestamp AT TIME ZONE 'UTC'
            AND w.created_at < $3::date::timestamp AT TIME ZONE 'UTC'
          GROUP BY 1
       ),
       running AS (
         SELECT p.period, s.new_customers, s.purchases, s.cancellations, s.turnover, s.points_earned, s.points_spent,
                s.points_expired, s.vouchers_issued, s.vouchers_used, (SELECT points FROM opening) + sum(coalesce(s.points_net, 0)) OVER (ORDER BY p.period) AS outstanding
           FROM periods p LEFT JOIN sums s ON s.period = p.period
       )
       SELECT r.period::text AS period,
              coalesce(r.new_customers, 0) AS new_customers, coalesce(a.customers, 0) AS active_customers,
              coalesce(r.purchases, 0) AS purchases, coalesce(r.cancellations, 0) AS cancellations,
              coalesce(r.turnover, 0)::text AS turnover,
              coalesce(r.points_earned, 0)::text AS points_earned, coalesce(r.points_spent, 0)::text AS points_spent,
              coalesce(r.points_expired, 0)::text AS points_expired,
              r.outstanding::text AS points_outstanding, (r.outstanding * $5::numeric)::text AS liability,
              coalesce(r.vouchers_issued, 0) AS vouchers_issued, coalesce(r.vouchers_used, 0) AS vouchers_used,
              coalesce(w.failures, 0) AS webhook_failures
         FROM running r
         LEFT JOIN programme_active_customers a ON a.granularity = $1 AND a.store_id = coalesce($4::varchar, '') AND a.period = r.period
         LEFT JOIN failures w ON w.period = r.period
        ORDER BY r.period`,
      [granularity, start, end, storeId, pointValue],
    );
  }

  /**
   * Customers who bought in the whole range, each counted once however many periods they bought in: no
   * sum of the periods' counts gives that. Read from the purchases the rollup has scanned, so it agrees
   * with the periods beside it; the payment-time index bounds the scan to the range.
   */
  async activeCustomers(start: string, end: string, storeId: string | null): Promise<number> {
    const [row]: { customers: number }[] = await this.dataSource.query(
      `SELECT count(DISTINCT p.customer_id)::int AS customers
         FROM purchases p
        WHERE p.payment_time >= $1::date::timestamp AT TIME ZONE 'UTC' AND p.payment_time < $2::date::timestamp AT TIME ZONE 'UTC'
          AND NOT p.canceled AND p.customer_id IS NOT NULL AND ($3::varchar IS NULL OR p.store_id = $3)
          AND p.created_at <= (SELECT scanned_to FROM programme_figure_marks WHERE source = 'purchases')`,
      [start, end, storeId],
    );
    return row.customers;
  }

  /**
   * The current snapshots, the oldest webhook delivery still waiting, and when the rollup last scanned
   * (the oldest mark), in one statement.
   */
  async current(): Promise<CurrentRow> {
    const [row]: CurrentRow[] = await this.dataSource.query(
      `SELECT coalesce((SELECT json_agg(json_build_object('kind', kind, 'key', key, 'count', count) ORDER BY kind, key)
                          FROM programme_snapshot_figures), '[]') AS snapshots,
              (SELECT min(created_at) FROM webhook_deliveries WHERE status = 0) AS oldest_undelivered,
              (SELECT min(scanned_to) FROM programme_figure_marks) AS rolled_up_to`,
    );
    return row;
  }
}
