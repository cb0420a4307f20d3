import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { liveCustomerSql, statusInForceSql } from '../customers';
import { spendableCreditRecordSql, spendablePointRecordSql, spendablePointsSql } from '../loyalty';
import { Interval } from './rules/wallet-rules';

/** Every wallet row says whether the customer exists, so a read needs no separate check. */
interface CustomerRow {
  customer_exists: boolean;
}

export interface TurnoverRow extends CustomerRow {
  turnover: { currency_id: string; value: string }[];
}

export interface PointsOverviewRow extends CustomerRow {
  status_id: string | null;
  earned: string;
  redeemed: string;
  available: string;
}

export interface CreditsOverviewRow extends CustomerRow {
  currencies: { currency_id: string; earned: string; redeemed: string; available: string }[];
}

export interface ExpirationRow extends CustomerRow {
  next_date: string | null;
  next_amount: string;
  current_month_amount: string;
}

/** A movement's time inside the interval; `$from` and `$until` are its bounds, either null for open. */
const within = (column: string, from: string, until: string) =>
  `(${from}::timestamptz IS NULL OR ${column} >= ${from}) AND (${until}::timestamptz IS NULL OR ${column} < ${until})`;

/**
 * Over spendable records with an expiry (`records`, selecting `valid_to` and `amount` for customer $1):
 * the first expiry date in the time zone $2, what expires that day, and what expires before $3 (the end
 * of the current month).
 */
function expirationSql(records: string): string {
  return `WITH expiring AS (SELECT e.amount, e.valid_to, (e.valid_to AT TIME ZONE $2)::date AS day FROM (${records}) e),
               first AS (SELECT min(day) AS day FROM expiring)
          SELECT ${liveCustomerSql('$1')} AS customer_exists,
                 (SELECT day::text FROM first) AS next_date,
                 coalesce((SELECT sum(amount) FROM expiring WHERE day = (SELECT day FROM first)), 0)::text AS next_amount,
                 coalesce((SELECT sum(amount) FROM expiring WHERE valid_to < $3), 0)::text AS current_month_amount`;
}

/**
 * The wallet's figures, each read in one statement across the tables that keep them (customers, status
 * records, the point and credit ledgers, point reservations, purchases), using the owning contexts' own
 * definitions of spendable records. Amounts come back as numeric text.
 */
@Injectable()
export class WalletRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Per currency: purchases paid in the interval less the cancellations booked in it (both with their positive totals). */
  async turnover(customerId: string, interval: Interval): Promise<TurnoverRow> {
    const [row] = await preparedQuery<TurnoverRow>(
      this.dataSource.manager,
      'wallet-turnover',
      `SELECT ${liveCustomerSql('$1')} AS customer_exists,
              coalesce((SELECT json_agg(json_build_object('currency_id', t.currency_id, 'value', t.value) ORDER BY t.currency_id)
                          FROM (SELECT p.currency_id,
                                       (coalesce(sum(p.total_price) FILTER (WHERE NOT p.canceled), 0)
                                        - coalesce(sum(p.total_price) FILTER (WHERE p.canceled), 0))::text AS value
                                  FROM purchases p
                                 WHERE p.customer_id = $1 AND ${within('p.payment_time', '$2', '$3')}
                                 GROUP BY p.currency_id) t), '[]') AS turnover`,
      [customerId, interval.from, interval.until],
    );
    return row;
  }

  /** Points of one type moved onto and off the balance in the interval, the spendable balance now, and the status in force. */
  async points(customerId: string, pointTypeId: string, interval: Interval): Promise<PointsOverviewRow> {
    const [row] = await preparedQuery<PointsOverviewRow>(
      this.dataSource.manager,
      'wallet-points',
      `SELECT ${liveCustomerSql('$1')} AS customer_exists,
              ${statusInForceSql('$1')} AS status_id,
              coalesce(sum(p.assigned_points) FILTER (WHERE p.assigned_points > 0), 0)::text AS earned,
              coalesce(-sum(p.assigned_points) FILTER (WHERE p.assigned_points < 0), 0)::text AS redeemed,
              ${spendablePointsSql('$1', '$2')} AS available
         FROM points p
        WHERE p.customer_id = $1 AND p.point_type_id = $2 AND p.state <> 0 AND ${within('p.created_at', '$3', '$4')}`,
      [customerId, pointTypeId, interval.from, interval.until],
    );
    return row;
  }

  /** Per currency, over the named credit types (all when null): credits moved in the interval and spendable now. */
  async credits(customerId: string, creditTypeIds: string[] | null, interval: Interval): Promise<CreditsOverviewRow> {
    const [row] = await preparedQuery<CreditsOverviewRow>(
      this.dataSource.manager,
      'wallet-credits',
      `SELECT ${liveCustomerSql('$1')} AS customer_exists,
              coalesce((SELECT json_agg(json_build_object('currency_id', t.currency_id, 'earned', t.earned, 'redeemed', t.redeemed,
                                                          'available', t.available) ORDER BY t.currency_id)
                          FROM (SELECT c.currency_id,
                                       coalesce(sum(c.assigned_credits)
                                                  FILTER (WHERE c.assigned_credits > 0 AND ${within('c.created_at', '$3', '$4')}), 0)::text AS earned,
                                       coalesce(-sum(c.assigned_credits)
                                                  FILTER (WHERE c.assigned_credits < 0 AND ${within('c.created_at', '$3', '$4')}), 0)::text AS redeemed,
                                       coalesce(sum(c.available_credits) FILTER (WHERE ${spendableCreditRecordSql('c')}), 0)::text AS available
                                  FROM credits c
                                 WHERE c.customer_id = $1 AND c.state <> 0 AND ($2::varchar[] IS NULL OR c.credit_type_id = ANY($2::varchar[]))
                                 GROUP BY c.currency_id) t), '[]') AS currencies`,
      [customerId, creditTypeIds, interval.from, interval.until],
    );
    return row;
  }

  /** What of the customer's spendable points of one type expires from now on (see `expirationSql`). */
  async pointsExpiration(customerId: string, pointTypeId: string, timeZone: string, monthEnd: Date): Promise<ExpirationRow> {
    const records = `SELECT r.valid_to, r.available_points AS amount FROM points r
                      WHERE r.customer_id = $1 AND r.point_type_id = $4 AND r.valid_to IS NOT NULL AND ${spendablePointRecordSql('r')}`;
    const [row] = await preparedQuery<ExpirationRow>(this.dataSource.manager, 'wallet-points-expiration', expirationSql(records), [
      customerId,
      timeZone,
      monthEnd,
      pointTypeId,
    ]);
    return row;
  }

  /** What of the customer's spendable credits, every type and currency together, expires from now on. */
  async creditsExpiration(customerId: string, timeZone: string, monthEnd: Date): Promise<ExpirationRow> {
    const records = `SELECT r.valid_to, r.available_credits AS amount FROM credits r
                      WHERE r.customer_id = $1 AND r.valid_to IS NOT NULL AND ${spendableCreditRecordSql('r')}`;
    const [row] = await preparedQuery<ExpirationRow>(this.dataSource.manager, 'wallet-credits-expiration', expirationSql(records), [
      customerId,
      timeZone,
      monthEnd,
    ]);
    return row;
  }
}
