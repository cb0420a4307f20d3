import { ProgrammeFigures } from './programme-figures.service';

/** The figures with the API's snake_case names, as the operator API and the CLI's --json write them. */
export function toFiguresDto(figures: ProgrammeFigures) {
  return {
    granularity: figures.granularity,
    from: figures.from,
    to: figures.to,
    store_id: figures.storeId,
    active_customers: figures.activeCustomers,
    point_value: figures.pointValue,
    rolled_up_to: figures.rolledUpTo?.toISOString() ?? null,
    periods: figures.periods.map((period) => ({
      period: period.period,
      new_customers: period.newCustomers,
      active_customers: period.activeCustomers,
      purchases: period.purchases,
      cancellations: period.cancellations,
      turnover: period.turnover,
      points_earned: period.pointsEarned,
      points_spent: period.pointsSpent,
      points_expired: period.pointsExpired,
      points_outstanding: period.pointsOutstanding,
      liability: period.liability,
      vouchers_issued: period.vouchersIssued,
      vouchers_used: period.vouchersUsed,
      webhook_failures: period.webhookFailures,
    })),
    snapshot: {
      statuses: figures.snapshot.statuses.map((row) => ({ status_id: row.statusId, customers: row.customers })),
      segments: figures.snapshot.segments.map((row) => ({ segment_id: row.segmentId, customers: row.customers })),
      messages: figures.snapshot.messages,
      webhook_oldest_undelivered_at: figures.snapshot.webhookOldestUndeliveredAt?.toISOString() ?? null,
      webhook_lag_seconds: figures.snapshot.webhookLagSeconds,
    },
  };
}
