import { Injectable } from '@nestjs/common';
import { CommonException, InvalidReason } from '@tessera/http';
import { LoyaltyRuleService } from '../loyalty';
import { ProgrammeFiguresRepository, PeriodFiguresRow, SnapshotRow } from './programme-figures.repository';
import { alignRange, FigureGranularity, FigureRangeError } from './rules/figure-periods';

export interface FiguresQuery {
  /** First calendar day asked for (YYYY-MM-DD, UTC). */
  from: string;
  /** Last calendar day asked for, included. */
  to: string;
  granularity: FigureGranularity;
  /** Only this store's figures; all stores when left out. */
  storeId?: string;
}

/** One period's figures. Money and points are decimal strings, as stored. */
export interface PeriodFigures {
  /** First day of the period (YYYY-MM-DD). */
  period: string;
  newCustomers: number;
  /** Customers with at least one purchase (not a cancellation) in the period, each counted once. */
  activeCustomers: number;
  purchases: number;
  cancellations: number;
  /** Purchase totals less cancelled totals, in the bills' own currencies added together. */
  turnover: string;
  pointsEarned: string;
  pointsSpent: string;
  pointsExpired: string;
  /** Points held at the period's end: every movement up to then, written-off expiries included. */
  pointsOutstanding: string;
  /** `pointsOutstanding` times the project's point value. */
  liability: string;
  vouchersIssued: number;
  vouchersUsed: number;
  /** Webhook deliveries created in the period that failed for good (any store). */
  webhookFailures: number;
}

/** Figures as they stand now, over the whole programme (not per store). */
export interface SnapshotFigures {
  /** Live customers per status in force; `statusId` null for those without one. */
  statuses: { statusId: string | null; customers: number }[];
  segments: { segmentId: string; customers: number }[];
  /** Messages per delivery state (the messages' status codes). */
  messages: { status: number; messages: number }[];
  /** When the oldest webhook delivery still waiting was created, and its age in seconds (0 when none waits). */
  webhookOldestUndeliveredAt: Date | null;
  webhookLagSeconds: number;
}

export interface ProgrammeFigures {
  granularity: FigureGranularity;
  /** The range widened to whole periods: first day of the first period, last day of the last. */
  from: string;
  to: string;
  storeId: string | null;
  /** Customers with at least one purchase (not a cancellation) anywhere in the range, each counted once. */
  activeCustomers: number;
  /** Money value of one point the liability is reckoned at. */
  pointValue: string;
  /** Rows written up to this time are in the figures; null before the first rollup. */
  rolledUpTo: Date | null;
  periods: PeriodFigures[];
  snapshot: SnapshotFigures;
}

/** The programme dashboards' figures, read from the rollups the background job keeps. */
@Injectable()
export class ProgrammeFiguresService {
  constructor(
    private readonly repository: ProgrammeFiguresRepository,
    private readonly rules: LoyaltyRuleService,
  ) {}

  async figures(query: FiguresQuery): Promise<ProgrammeFigures> {
    const range = aligned(query);
    const pointValue = String((await this.rules.projectRules()).pointValue);
    const storeId = query.storeId ?? null;
    const [rows, activeCustomers, current] = await Promise.all([
      this.repository.periods(query.granularity, range.start, range.end, storeId, pointValue),
      this.repository.activeCustomers(range.start, range.end, storeId),
      this.repository.current(),
    ]);
    const now = Date.now();
    const oldest = current.oldest_undelivered;
    return {
      granularity: query.granularity,
      from: range.start,
      to: dayBefore(range.end),
      storeId,
      activeCustomers,
      pointValue,
      rolledUpTo: current.rolled_up_to,
      periods: rows.map(toPeriodFigures),
      snapshot: {
        ...toSnapshot(current.snapshots),
        webhookOldestUndeliveredAt: oldest,
        webhookLagSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
      },
    };
  }
}

function aligned(query: FiguresQuery): ReturnType<typeof alignRange> {
  try {
    return alignRange(query.from, query.to, query.granularity);
  } catch (error) {
    if (!(error instanceof FigureRangeError)) throw error;
    throw CommonException.invalid(error.field, InvalidReason.InvalidValueFormat, error.message, query[error.field]);
  }
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

function toPeriodFigures(row: PeriodFiguresRow): PeriodFigures {
  return {
    period: row.period,
    newCustomers: row.new_customers,
    activeCustomers: row.active_customers,
    purchases: row.purchases,
    cancellations: row.cancellations,
    turnover: row.turnover,
    pointsEarned: row.points_earned,
    pointsSpent: row.points_spent,
    pointsExpired: row.points_expired,
    pointsOutstanding: row.points_outstanding,
    liability: row.liability,
    vouchersIssued: row.vouchers_issued,
    vouchersUsed: row.vouchers_used,
    webhookFailures: row.webhook_failures,
  };
}

function toSnapshot(rows: SnapshotRow[]): Omit<SnapshotFigures, 'webhookOldestUndeliveredAt' | 'webhookLagSeconds'> {
  const of = (kind: SnapshotRow['kind']) => rows.filter((row) => row.kind === kind);
  return {
    statuses: of('status').map((row) => ({ statusId: row.key === '' ? null : row.key, customers: row.count })),
    segments: of('segment').map((row) => ({ segmentId: row.key, customers: row.count })),
    messages: of('message').map((row) => ({ status: Number(row.key), messages: row.count })),
  };
}
