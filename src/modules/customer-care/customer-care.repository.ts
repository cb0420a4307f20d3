import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery, rowPageStatement, toRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { CustomerState, statusInForceSql, statusRecordInForceSql } from '../customers';
import { spendableCreditRecordSql, spendablePointRecordSql } from '../loyalty';
import { CustomerPicture, CustomerSearchRow, StatusChange } from './dto/customer-care.dto';

/** How the search text is read: its name words (at most two) and whether it can be an e-mail address. */
export interface SearchTerms {
  text: string;
  nameWords: string[];
  email: boolean;
  limit: number;
}

const LIVE = `state <> ${CustomerState.Deleted}`;

/** A LIKE prefix pattern over the name key of `param`, its wildcards taken literally. */
const namePrefix = (param: string) => `customer_name_key(${param}) || '%'`;

/**
 * The searches and the whole picture of a customer, each one statement. Every branch of the search is
 * an index lookup (equality on e-mail, phone, card numbers, external ids and the id; a name-key prefix
 * on names), bounded by the limit before the branches meet, so its cost does not grow with the customers.
 */
@Injectable()
export class CustomerCareRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(terms: SearchTerms): Promise<CustomerSearchRow[]> {
    const { sql, params } = searchStatement(terms);
    // Not a named statement: a name prefix reaches its index only through a plan made for the actual text.
    return this.dataSource.query(sql, params);
  }

  /** A page of a live customer's status changes, latest first, with the statuses' names; null when there is no such customer. */
  async statusHistory(customerId: string, page: PageRequest): Promise<Page<StatusChange> | null> {
    const statement = rowPageStatement(
      {
        from: `customer_status_changes h
               LEFT JOIN statuses f ON f.status_id = h.from_status_id
               LEFT JOIN statuses t ON t.status_id = h.to_status_id`,
        conditions: ['h.customer_id = $1'],
        columns: `h.status_change_id, h.from_status_id, f.name AS from_status_name, h.to_status_id, t.name AS to_status_name,
                  h.reason, h.status_record_id, h.changed_at`,
        listColumns: `EXISTS (SELECT 1 FROM customers WHERE customer_id = $1 AND ${LIVE}) AS customer_exists`,
      },
      [customerId],
      { ...page, sortDirection: 'DESC' },
      {},
      'status_change_id',
      'changed_at',
    );
    const rows = await this.dataSource.query<(StatusChange & { customer_exists: boolean; total_items: number })[]>(
      statement.sql,
      statement.params,
    );
    if (!rows[0]?.customer_exists) return null;
    const found = toRowPage(
      rows.map(({ customer_exists: _exists, ...row }) => row),
      'status_change_id',
    );
    return { ...found, items: found.items.map((change) => ({ ...change, changed_at: new Date(change.changed_at).toISOString() })) };
  }

  /** The picture of a live customer, or null when there is none. */
  async picture(customerId: string): Promise<CustomerPicture | null> {
    const [row] = await preparedQuery<{ picture: CustomerPicture | null }>(this.dataSource.manager, 'customer-care-picture', PICTURE_SQL, [
      customerId,
    ]);
    return row.picture;
  }
}

/** The search statement and its parameters. */
function searchStatement(terms: SearchTerms): { sql: string; params: unknown[] } {
  const params: unknown[] = [terms.text, terms.limit];
  const branches = [
    `SELECT customer_id, NULL::text AS card_number FROM customers WHERE phone = $1 AND ${LIVE}`,
    `SELECT customer_id, NULL FROM customers WHERE customer_id = $1 AND ${LIVE}`,
    `(SELECT customer_id, card_number FROM cards WHERE card_number = $1 AND customer_id IS NOT NULL)`,
    `(SELECT customer_id, card_number FROM cards WHERE secondary_card_number = $1 AND customer_id IS NOT NULL LIMIT $2)`,
    `(SELECT customer_id, NULL FROM customer_source_records WHERE external_id = $1 LIMIT $2)`,
  ];
  if (terms.email) branches.push(`(SELECT customer_id, NULL FROM customers WHERE lower(email) = lower($1) AND ${LIVE} LIMIT $2)`);
  const [first, second] = terms.nameWords.map((word) => {
    params.push(word.replace(/[\\%_]/g, (c) => `\\${c}`));
    return `$${params.length}`;
  });
  const nameBranch = (firstWord: string, lastWord?: string) => {
    const conditions = lastWord
      ? `customer_name_key(first_name) LIKE ${namePrefix(firstWord)} AND customer_name_key(last_name) LIKE ${namePrefix(lastWord)}`
      : `customer_name_key(first_name) LIKE ${namePrefix(firstWord)}`;
    return `(SELECT customer_id, NULL FROM customers WHERE ${conditions} AND ${LIVE} LIMIT $2)`;
  };
  if (first && second) branches.push(nameBranch(first, second), nameBranch(second, first));
  else if (first) {
    branches.push(
      nameBranch(first),
      `(SELECT customer_id, NULL FROM customers WHERE customer_name_key(last_name) LIKE ${namePrefix(first)} AND ${LIVE} LIMIT $2)`,
    );
  }
  const sql = `
    SELECT c.customer_id, c.first_name, c.last_name, c.email, c.phone, c.state,
           coalesce(array_agg(DISTINCT h.card_number) FILTER (WHERE h.card_number IS NOT NULL), '{}') AS matched_card_numbers
      FROM (${branches.join('\n UNION ALL ')}) h
      JOIN customers c ON c.customer_id = h.customer_id AND c.${LIVE}
     GROUP BY c.customer_id
     ORDER BY c.last_name, c.first_name, c.customer_id
     LIMIT $2`;
  return { sql, params };
}

const SPENDABLE_POINTS = spendablePointRecordSql('p');
const SPENDABLE_CREDITS = spendableCreditRecordSql('c');

/**
 * The status in force, the one after it (the status the current one names as next, else the lowest
 * tier above it; the lowest tier when the customer has none) and the turnover it asks for per currency,
 * counted as status recalculation counts it: purchases neither cancelled nor cancelling, within the
 * next status's qualification period.
 */
const STATUS_CTES = `
  current_status AS (
    SELECT r.status_id, s.name, s.tier, s.next_status_id, r.valid_from, r.valid_to
      FROM customer_status_records r JOIN statuses s ON s.status_id = r.status_id
     WHERE r.customer_id = $1 AND r.status_id = ${statusInForceSql('$1')} AND ${statusRecordInForceSql('r')}
     ORDER BY r.valid_from DESC, r.status_record_id DESC LIMIT 1),
  next_status AS (
    SELECT s.status_id, s.name, s.tier, s.qualification_period
      FROM statuses s LEFT JOIN current_status cur ON true
     WHERE s.state = 1 AND s.status_id IS DISTINCT FROM cur.status_id
       AND CASE WHEN cur.next_status_id IS NOT NULL THEN s.status_id = cur.next_status_id ELSE cur.tier IS NULL OR s.tier > cur.tier END
     ORDER BY s.tier, s.status_id LIMIT 1),
  progress AS (
    SELECT t.currency_id, t.value AS required,
           coalesce((SELECT sum(p.total_price) FROM purchases p
                      WHERE p.customer_id = $1 AND p.currency_id = t.currency_id AND NOT p.canceled
                        AND NOT EXISTS (SELECT 1 FROM purchases x WHERE x.canceled_purchase_id = p.purchase_id)
                        AND (n.qualification_period IS NULL OR p.payment_time >= now() - make_interval(months => n.qualification_period))), 0)
             AS achieved
      FROM next_status n JOIN status_qualification_turnovers t ON t.status_id = n.status_id)`;

/** Each part is an index range on the customer's id; the whole is one round trip. */
const PICTURE_SQL = `
  WITH customer AS (SELECT * FROM customers WHERE customer_id = $1 AND ${LIVE}),
  ${STATUS_CTES}
  SELECT CASE WHEN EXISTS (SELECT 1 FROM customer) THEN json_build_object(
    'profile', (SELECT json_build_object(
        'customer_id', c.customer_id, 'first_name', c.first_name, 'last_name', c.last_name, 'salutation', c.salutation,
        'gender', c.gender, 'birthdate', c.birthdate, 'email', c.email, 'phone', c.phone, 'language_id', c.language_id,
        'store_id', c.store_id, 'state', c.state,
        'address', json_build_object('address1', c.address1, 'address2', c.address2, 'address3', c.address3, 'zip', c.zip,
                                     'city', c.city, 'country_code', c.country_code),
        'created_at', c.created_at, 'last_change', c.last_change) FROM customer c),
    'status', json_build_object(
        'current', (SELECT json_build_object('status_id', status_id, 'name', name, 'tier', tier, 'valid_from', valid_from,
                                             'valid_to', valid_to) FROM current_status),
        'next', (SELECT json_build_object('status_id', status_id, 'name', name, 'tier', tier,
                                          'qualification_period', qualification_period) FROM next_status),
        'progress', coalesce((SELECT json_agg(json_build_object('currency_id', currency_id, 'required', required, 'achieved', achieved)
                                              ORDER BY currency_id) FROM progress), '[]')),
    'cards', coalesce((SELECT json_agg(json_build_object(
        'card_id', k.card_id, 'card_number', k.card_number, 'secondary_card_number', k.secondary_card_number,
        'card_type_id', k.card_type_id, 'state', k.state, 'valid_from', k.valid_from, 'valid_to', k.valid_to) ORDER BY k.created_at)
        FROM cards k WHERE k.customer_id = $1), '[]'),
    'point_balances', coalesce((SELECT json_agg(json_build_object(
        'point_type_id', b.point_type_id, 'available_points', b.total,
        'nearest_expiration', CASE WHEN b.expiry IS NOT NULL THEN json_build_object('valid_to', b.expiry, 'points', b.expiring) END)
        ORDER BY b.point_type_id)
        FROM (SELECT p.point_type_id, sum(p.available_points) AS total, min(p.valid_to) AS expiry,
                     sum(p.available_points) FILTER (WHERE p.valid_to = p.first_expiry) AS expiring
                FROM (SELECT p.*, min(p.valid_to) OVER (PARTITION BY p.point_type_id) AS first_expiry
                        FROM points p WHERE p.customer_id = $1 AND ${SPENDABLE_POINTS}) p
               GROUP BY p.point_type_id) b), '[]'),
    'credit_balances', coalesce((SELECT json_agg(json_build_object(
        'credit_type_id', b.credit_type_id, 'currency_id', b.currency_id, 'available_credits', b.total,
        'nearest_expiration', CASE WHEN b.expiry IS NOT NULL THEN json_build_object('valid_to', b.expiry, 'credits', b.expiring) END)
        ORDER BY b.credit_type_id, b.currency_id)
        FROM (SELECT c.credit_type_id, c.currency_id, sum(c.available_credits) AS total, min(c.valid_to) AS expiry,
                     sum(c.available_credits) FILTER (WHERE c.valid_to = c.first_expiry) AS expiring
                FROM (SELECT c.*, min(c.valid_to) OVER (PARTITION BY c.credit_type_id, c.currency_id) AS first_expiry
                        FROM credits c WHERE c.customer_id = $1 AND ${SPENDABLE_CREDITS}) c
               GROUP BY c.credit_type_id, c.currency_id) b), '[]'),
    'active_vouchers', coalesce((SELECT json_agg(json_build_object(
        'voucher_id', v.voucher_id, 'reward_id', v.reward_id, 'code', v.code, 'value', v.value, 'current_balance', v.current_balance,
        'valid_from', v.valid_from, 'valid_to', v.valid_to) ORDER BY v.valid_to NULLS LAST, v.created_at)
        FROM vouchers v
       WHERE v.customer_id = $1 AND v.state = 1 AND v.applied_at IS NULL AND (v.current_balance IS NULL OR v.current_balance > 0)
         AND (v.valid_from IS NULL OR v.valid_from <= now()) AND (v.valid_to IS NULL OR v.valid_to > now())), '[]'),
    'last_purchases', coalesce((SELECT json_agg(json_build_object(
        'purchase_id', p.purchase_id, 'external_purchase_id', p.external_purchase_id, 'payment_time', p.payment_time,
        'store_id', p.store_id, 'total_price', p.total_price, 'currency_id', p.currency_id, 'items_count', p.items_count,
        'canceled', p.canceled) ORDER BY p.payment_time DESC)
        FROM (SELECT * FROM purchases WHERE customer_id = $1 ORDER BY payment_time DESC LIMIT 10) p), '[]'),
    'segments', coalesce((SELECT json_agg(json_build_object('segment_id', s.segment_id, 'name', s.name) ORDER BY s.name)
        FROM segment_records r JOIN segments s ON s.segment_id = r.segment_id WHERE r.customer_id = $1), '[]'),
    'consents', coalesce((SELECT json_agg(json_build_object(
        'agreement_id', a.agreement_id, 'name', a.name, 'consent_value', k.consent_value, 'last_change', k.last_change) ORDER BY a.name)
        FROM customer_consents k JOIN agreements a ON a.agreement_id = k.agreement_id WHERE k.customer_id = $1), '[]'),
    'recent_events', coalesce((SELECT json_agg(json_build_object(
        'event_id', e.event_id, 'event_type', t.text_id, 'external_id', e.external_id, 'data', e.data, 'created_at', e.created_at)
        ORDER BY e.created_at DESC, e.event_id DESC)
        FROM (SELECT * FROM customer_events WHERE customer_id = $1 ORDER BY created_at DESC, event_id DESC LIMIT 20) e
        JOIN event_types t ON t.event_type_id = e.event_type_id), '[]'),
    'recent_messages', coalesce((SELECT json_agg(json_build_object(
        'message_id', m.message_id, 'kind', m.kind, 'communication_channel_code', m.communication_channel_code, 'contact', m.contact,
        'title', m.title, 'status', m.status, 'created_at', m.created_at, 'send_time', m.send_time)
        ORDER BY m.created_at DESC, m.message_id DESC)
        FROM (SELECT * FROM messages WHERE customer_id = $1 ORDER BY created_at DESC, message_id DESC LIMIT 20) m), '[]')
  ) END AS picture`;
