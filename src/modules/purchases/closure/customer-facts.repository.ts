import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { CustomerState, statusInForceSql } from '../../customers';
import { customerSegmentIdsSql } from '../../segments';
import { PurchasePointRole } from '../entities/purchase-links.entity';
import { CREDIT_SCALE, POINT_SCALE, spendableCreditsSql, spendablePointsSql, unitsOf } from '../../loyalty';

/** What a closure needs to know of its customer, read in one statement (after the customer's lock, when booking). */
export interface CustomerFacts {
  /** Null when no customer has the id. */
  state: CustomerState | null;
  /** The status record in force now, if any. */
  statusId: string | null;
  /** Spendable points of the default point type, in hundredths. */
  points: number;
  /** Spendable credits of the asked type and currency, in hundredths of the currency; null when not asked. */
  creditCents: number | null;
  billExists: boolean;
  /**
   * Turnover and number of purchases not cancelled (the pending bill among them), per asked status
   * (within its period) and currency.
   */
  turnovers: { statusId: string; currencyId: string; total: number; purchases: number }[];
  /** Points collected within each asked status's period that counts points, net of purchase cancellations. */
  collectedPoints: { statusId: string; total: number }[];
  /** What earning rules may ask of the customer: birth date (`YYYY-MM-DD`), agreements given, and whether any purchase came before. */
  birthdate: string | null;
  consentIds: string[];
  hasPurchases: boolean;
  /** Every segment the customer is in. */
  segmentIds: string[];
  /** The groups of the asked store, which earning rules may name. */
  storeGroupIds: string[];
}

/** A status qualified by conditions, as the facts query reads its period. */
export interface QualifyingStatus {
  id: string;
  months: number | null;
  byPoints: boolean;
}

export interface CustomerFactsQuery {
  customerId: string | null;
  pointTypeId: string | null;
  credits: { creditTypeId: string; currencyId: string } | null;
  billId: string | null;
  /**
   * Earned statuses whose turnover to read, with their qualification periods in months (null: all time);
   * `byPoints` when their collected points are read too.
   */
  statuses: QualifyingStatus[];
  /** A bill being booked, counted in the turnover as if it were booked already. */
  pendingBill: { currencyId: string; totalPrice: number; paymentTime: Date } | null;
  /** The store whose groups to read. */
  storeId?: string | null;
}

interface FactsRow {
  state: CustomerState | null;
  status_id: string | null;
  points: string;
  credits: string | null;
  bill_exists: boolean;
  turnovers: { status_id: string; currency_id: string; total: string; purchases: number }[];
  collected_points: { status_id: string; total: string }[];
  birthdate: string | null;
  consent_ids: string[];
  has_purchases: boolean;
  segment_ids: string[];
  store_group_ids: string[];
}

/**
 * The customer's facts a closure decides on, across the tables that keep them (account, status records,
 * point and credit ledgers, purchases), in one round trip: reading them one by one would make the
 * closure's statements grow with every fact. The conditions are the owning services' own (spendable
 * ledger records, the status record in force, turnover as status recalculation counts it).
 *
 * Collected points are the default point type's additions, less what purchase cancellations took back;
 * spending points, and points given back by a cancellation, neither earn nor cost a status.
 */
@Injectable()
export class CustomerFactsRepository {
  async read(query: CustomerFactsQuery, manager: EntityManager): Promise<CustomerFacts> {
    const [row] = await preparedQuery<FactsRow>(
      manager,
      'closure-customer-facts',
      `SELECT (SELECT state FROM customers WHERE customer_id = $1) AS state,
              ${statusInForceSql('$1')} AS status_id,
              ${spendablePointsSql('$1', '$2')} AS points,
              CASE WHEN $3::varchar IS NOT NULL THEN ${spendableCreditsSql('$1', '$3', '$4')} END AS credits,
              EXISTS (SELECT 1 FROM purchases WHERE external_purchase_id = $5) AS bill_exists,
              coalesce((SELECT json_agg(json_build_object('status_id', t.status_id, 'currency_id', t.currency_id, 'total', t.total,
                                                   'purchases', t.purchases))
                          FROM (SELECT s.status_id, p.currency_id, sum(p.total_price)::text AS total, count(*) AS purchases
                                  FROM unnest($6::text[], $7::int[]) AS s(status_id, months)
                                  JOIN (SELECT p.currency_id, p.total_price, p.payment_time FROM purchases p
                                         WHERE p.customer_id = $1 AND NOT p.canceled
                                           AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)
                                        UNION ALL
                                        SELECT $8, $9::numeric, $10::timestamptz WHERE $8::varchar IS NOT NULL) p
                                    ON s.months IS NULL OR p.payment_time >= now() - make_interval(months => s.months)
                                 GROUP BY s.status_id, p.currency_id) t), '[]') AS turnovers,
              coalesce((SELECT json_agg(json_build_object('status_id', s.status_id, 'total', c.total))
                          FROM unnest($6::text[], $7::int[], $11::boolean[]) AS s(status_id, months, by_points)
                          CROSS JOIN LATERAL (
                            SELECT coalesce(sum(p.assigned_points), 0)::text AS total FROM points p
                              LEFT JOIN purchase_points r ON r.point_id = p.point_id AND r.role = '${PurchasePointRole.Reversal}'
                             WHERE p.customer_id = $1
                               AND p.point_type_id = (SELECT point_type_id FROM point_types WHERE is_default)
                               AND (s.months IS NULL OR p.created_at >= now() - make_interval(months => s.months))
                               AND CASE WHEN r.point_id IS NULL THEN p.assigned_points > 0 ELSE p.assigned_points < 0 END) c
                         WHERE s.by_points), '[]') AS collected_points,
              (SELECT birthdate::text FROM customers WHERE customer_id = $1) AS birthdate,
              ARRAY(SELECT agreement_id FROM customer_consents WHERE customer_id = $1 AND consent_value = 1) AS consent_ids,
              EXISTS (SELECT 1 FROM purchases WHERE customer_id = $1 AND NOT canceled) AS has_purchases,
              ARRAY(${customerSegmentIdsSql('$1')}) AS segment_ids,
              ARRAY(SELECT store_group_id FROM store_group_records WHERE store_id = $12) AS store_group_ids`,
      [
        query.customerId,
        query.pointTypeId,
        query.credits?.creditTypeId ?? null,
        query.credits?.currencyId ?? null,
        query.billId,
        query.statuses.map((status) => status.id),
        query.statuses.map((status) => status.months),
        query.pendingBill?.currencyId ?? null,
        query.pendingBill === null ? null : String(query.pendingBill.totalPrice),
        query.pendingBill?.paymentTime ?? null,
        query.statuses.map((status) => status.byPoints),
        query.storeId ?? null,
      ],
    );
    return {
      state: row.state,
      statusId: row.status_id,
      points: Number(unitsOf(row.points, POINT_SCALE) ?? 0n),
      // Credits are kept with four decimals; a payment uses whole hundredths.
      creditCents: row.credits === null ? null : Math.floor(Number(unitsOf(row.credits, CREDIT_SCALE) ?? 0n) / 100),
      billExists: row.bill_exists,
      turnovers: row.turnovers.map((turnover) => ({
        statusId: turnover.status_id,
        currencyId: turnover.currency_id,
        total: Number(turnover.total),
        purchases: Number(turnover.purchases),
      })),
      collectedPoints: row.collected_points.map((collected) => ({ statusId: collected.status_id, total: Number(collected.total) })),
      birthdate: row.birthdate,
      consentIds: row.consent_ids,
      hasPurchases: row.has_purchases,
      segmentIds: row.segment_ids,
      storeGroupIds: row.store_group_ids,
    };
  }
}
