import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OUTBOX_INSERT_ROWS_SQL } from '../../platform/outbox';
import { SegmentCondition } from './conditions/segment-conditions';
import { EvaluationClock, SegmentSqlParams, segmentMatchSql } from './conditions/segment-condition-sql';

export interface DynamicSegment {
  segment_id: string;
  conditions: SegmentCondition;
  /** A full evaluation is owed: never evaluated, the tree changed since, or the last one is older than the refresh. */
  due: boolean;
}

export interface MembershipChange {
  joined: number;
  left: number;
}

/**
 * Room for the hashed sets of a full evaluation over a million customers, for its transaction only: with
 * less, each grouped purchases scan spills to disk (measured at 1M customers: 16 s with 4MB, 10 s with this).
 */
const EVALUATION_WORK_MEM = '256MB';

/** The SQL of dynamic membership: the segments to evaluate, the outbox's touched customers, and the evaluation itself. */
@Injectable()
export class SegmentEvaluationRepository {
  /** Active dynamic segments; `due` by `refreshSeconds`. */
  async dynamicSegments(refreshSeconds: number, manager: EntityManager): Promise<DynamicSegment[]> {
    return manager.query(
      `SELECT segment_id, conditions,
              (evaluated_at IS NULL OR conditions_changed_at > evaluated_at
               OR ($1::int > 0 AND evaluated_at < now() - make_interval(secs => $1::int))) AS due
         FROM segments WHERE state = 1 AND conditions IS NOT NULL ORDER BY segment_id`,
      [refreshSeconds],
    );
  }

  async tryLock(key: string, manager: EntityManager): Promise<boolean> {
    const [row] = await manager.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [key]);
    return row.locked;
  }

  async lock(key: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
  }

  /**
   * Settings of the evaluation's transaction. JIT compiling its grouped subqueries cost 3 s of 16 at 1M
   * customers. A background run takes no parallel workers: on a small server they took the cores the
   * closures need, and the run itself was slower for it (17 s against 10 s on two busy cores).
   */
  async allowLargeSets(manager: EntityManager): Promise<void> {
    await manager.query(
      `SELECT set_config('work_mem', $1, true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
      [EVALUATION_WORK_MEM],
    );
  }

  /**
   * The customers of the outbox events committed since the last read, and the cursor moved past them,
   * in the caller's transaction: an event is new when its transaction is visible in the snapshot taken
   * now and was not in the last one, so events of transactions that commit late are read later, once.
   */
  async touchedCustomers(manager: EntityManager): Promise<string[]> {
    const rows = await manager.query<{ customer_id: string }[]>(
      `WITH cursor AS (SELECT snapshot AS previous, pg_current_snapshot() AS current FROM segment_evaluation_cursor FOR UPDATE),
            moved AS (UPDATE segment_evaluation_cursor SET snapshot = (SELECT current FROM cursor), read_at = now())
       SELECT DISTINCT e.customer_id FROM customer_events e, cursor
        WHERE e.txid >= pg_snapshot_xmin(cursor.previous) AND e.customer_id IS NOT NULL
          AND pg_visible_in_snapshot(e.txid, cursor.current) AND NOT pg_visible_in_snapshot(e.txid, cursor.previous)`,
    );
    return rows.map((row) => row.customer_id);
  }

  /**
   * Brings the segment's members in line with its tree in one statement: those it holds for join,
   * members it no longer holds for leave, each with its `segment_joined` or `segment_left` event in the
   * outbox. `customerIds` restricts it to those customers (incremental); null evaluates everyone.
   * The caller holds the segment's lock, so no other evaluation of it interleaves.
   */
  async evaluate(
    segmentId: string,
    tree: SegmentCondition,
    clock: EvaluationClock,
    customerIds: readonly string[] | null,
    manager: EntityManager,
  ): Promise<MembershipChange> {
    const params = new SegmentSqlParams(clock, customerIds);
    const matching = segmentMatchSql(tree, params);
    const segment = params.add(segmentId, 'varchar');
    const event = (type: string, from: string) =>
      `SELECT replace(gen_random_uuid()::text, '-', ''), '${type}'::text, customer_id::text, ${segment}::text, NULL::text,
              jsonb_build_object('segment_id', ${segment}, 'customer_id', customer_id) FROM ${from}`;
    const [row] = await manager.query<{ joined: number; left: number }[]>(
      `WITH matching AS (${matching}),
            joined AS (INSERT INTO segment_records (segment_id, customer_id) SELECT ${segment}, customer_id FROM matching
                       ON CONFLICT DO NOTHING RETURNING customer_id),
            departed AS (DELETE FROM segment_records r WHERE r.segment_id = ${segment} AND ${params.scope('r.customer_id')}
                           AND r.customer_id NOT IN (SELECT customer_id FROM matching) RETURNING customer_id),
            events AS (${OUTBOX_INSERT_ROWS_SQL(`${event('segment_joined', 'joined')} UNION ALL ${event('segment_left', 'departed')}`)} RETURNING 1)
       SELECT (SELECT count(*) FROM joined)::int AS joined, (SELECT count(*) FROM departed)::int AS left, (SELECT count(*) FROM events)::int AS events`,
      params.values,
    );
    return { joined: row.joined, left: row.left };
  }

  async markEvaluated(segmentId: string, at: Date, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE segments SET evaluated_at = $2 WHERE segment_id = $1`, [segmentId, at.toISOString()]);
  }

  /** The size of the tree's set now and some of its customers, reading only. */
  async preview(tree: SegmentCondition, clock: EvaluationClock, sampleSize: number, manager: EntityManager) {
    const params = new SegmentSqlParams(clock);
    const matching = segmentMatchSql(tree, params);
    const limit = params.add(sampleSize, 'int');
    const [row] = await manager.query<
      { size: number; sample: { customer_id: string; first_name: string | null; last_name: string | null; email: string | null }[] }[]
    >(
      `WITH matching AS (${matching})
       SELECT (SELECT count(*) FROM matching)::int AS size,
              coalesce((SELECT jsonb_agg(s) FROM (SELECT c.customer_id, c.first_name, c.last_name, c.email
                                                  FROM matching m JOIN customers c ON c.customer_id = m.customer_id
                                                 ORDER BY c.customer_id LIMIT ${limit}) s), '[]'::jsonb) AS sample`,
      params.values,
    );
    return row;
  }
}
