import { Client } from 'pg';
import { ClosureWrite, OperatorTagWrite, RegistrationWrite, VoucherApplicationWrite, Write } from './crash-load';

/** What one write left in the database: all of it, none of it, or part of it (with what is wrong). */
type Found = { state: 'complete' } | { state: 'absent' } | { state: 'partial'; problem: string };

export interface DurabilityReport {
  attempted: number;
  acknowledged: number;
  /** Acknowledged writes found whole, with the ids the server answered. */
  found: number;
  /** Acknowledged writes not found at all. */
  lost: string[];
  /** Writes (acknowledged or not) found in part, and records that break an invariant of the whole database. */
  halfWritten: string[];
  unacknowledgedComplete: number;
  unacknowledgedAbsent: number;
  /** Customers whose point balance was compared with the sum of their movements. */
  customersChecked: number;
}

interface CustomerRow {
  customer_id: string;
  email: string;
  source_external_ids: string[];
  status_records: number;
  partner_records: number;
}

interface Movement {
  role: string;
  assigned: number;
  history: number;
  history_rows: number;
}

interface PurchaseRow {
  purchase_id: string;
  bill_id: string;
  customer_id: string;
  items_count: number;
  used_points: number;
  earned_points: number;
  bill_item_ids: string[];
  voucher_ids: string[];
  events: number;
  movements: Movement[] | null;
}

interface TagRow {
  text_id: string;
  audit_rows: number;
}

interface VoucherRow {
  voucher_id: string;
  applied: boolean;
  in_purchase: boolean;
}

/**
 * Reads the database after the last restart: every acknowledged write must be there whole; every
 * write, acknowledged or not, must be all or nothing; and the ledgers must agree with themselves.
 */
export async function verifyDurability(databaseUrl: string, writes: Write[], tag: string): Promise<DurabilityReport> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const registrations = writes.filter((write): write is RegistrationWrite => write.kind === 'registration');
    const closures = writes.filter((write): write is ClosureWrite => write.kind === 'closure');
    const applications = writes.filter((write): write is VoucherApplicationWrite => write.kind === 'voucher-application');
    const tagWrites = writes.filter((write): write is OperatorTagWrite => write.kind === 'operator-tag');
    const tags = await rows<TagRow>(
      client,
      `SELECT t.text_id,
              (SELECT count(*) FROM audit_events a WHERE a.target_type = 'tag' AND a.target_id = t.tag_id AND a.operation = 'POST /tags')::int AS audit_rows
         FROM tags t WHERE t.text_id = ANY($1::text[])`,
      [tagWrites.map((write) => write.textId)],
    );
    const tagByTextId = new Map(tags.map((row) => [row.text_id, row]));

    const customers = await rows<CustomerRow>(
      client,
      `SELECT c.customer_id, lower(c.email) AS email,
              coalesce((SELECT array_agg(s.external_id) FROM customer_source_records s WHERE s.customer_id = c.customer_id), '{}') AS source_external_ids,
              (SELECT count(*) FROM customer_status_records r WHERE r.customer_id = c.customer_id)::int AS status_records,
              (SELECT count(*) FROM customer_partner_records r WHERE r.customer_id = c.customer_id)::int AS partner_records
         FROM customers c WHERE lower(c.email) = ANY($1::text[])`,
      [registrations.map((write) => write.email.toLowerCase())],
    );
    const purchases = await rows<PurchaseRow>(
      client,
      `SELECT p.purchase_id, p.external_purchase_id AS bill_id, p.customer_id, p.items_count,
              p.used_points::float8 AS used_points, p.earned_points::float8 AS earned_points,
              coalesce((SELECT array_agg(i.bill_item_id ORDER BY i.position) FROM purchase_items i WHERE i.purchase_id = p.purchase_id), '{}') AS bill_item_ids,
              coalesce((SELECT array_agg(v.voucher_id) FROM purchase_vouchers v WHERE v.purchase_id = p.purchase_id), '{}') AS voucher_ids,
              (SELECT count(*) FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
                 WHERE t.text_id = 'purchase' AND e.external_id = p.external_purchase_id)::int AS events,
              (SELECT json_agg(json_build_object(
                        'role', pp.role,
                        'assigned', pt.assigned_points::float8,
                        'history', (SELECT coalesce(sum(h.point_amount), 0)::float8 FROM point_history h WHERE h.point_id = pt.point_id),
                        'history_rows', (SELECT count(*) FROM point_history h WHERE h.point_id = pt.point_id)))
                 FROM purchase_points pp JOIN points pt ON pt.point_id = pp.point_id WHERE pp.purchase_id = p.purchase_id) AS movements
         FROM purchases p WHERE p.external_purchase_id = ANY($1::text[])`,
      [closures.map((write) => write.billId)],
    );
    // What a closure writes besides its purchase row, by bill: point movements (their note names the bill) and the event.
    const billTraces = await rows<{ bill_id: string }>(
      client,
      `SELECT substr(operation_note, length('Purchase ') + 1) AS bill_id FROM point_history WHERE operation_note = ANY($1::text[])
       UNION ALL
       SELECT external_id FROM customer_events WHERE external_id = ANY($2::text[])`,
      [closures.map((write) => `Purchase ${write.billId}`), closures.map((write) => write.billId)],
    );
    const voucherIds = [
      ...closures.flatMap((write) => (write.voucherId ? [write.voucherId] : [])),
      ...applications.map((write) => write.voucherId),
    ];
    const vouchers = await rows<VoucherRow>(
      client,
      `SELECT v.voucher_id, v.applied_at IS NOT NULL AS applied,
              EXISTS (SELECT 1 FROM purchase_vouchers pv WHERE pv.voucher_id = v.voucher_id) AS in_purchase
         FROM vouchers v WHERE v.voucher_id = ANY($1::text[])`,
      [voucherIds],
    );

    const customersByEmail = groupBy(customers, (row) => row.email);
    const purchaseByBill = new Map(purchases.map((row) => [row.bill_id, row]));
    const tracedBills = new Set(billTraces.map((row) => row.bill_id));
    const voucherById = new Map(vouchers.map((row) => [row.voucher_id, row]));

    const report: DurabilityReport = {
      attempted: writes.length,
      acknowledged: 0,
      found: 0,
      lost: [],
      halfWritten: [],
      unacknowledgedComplete: 0,
      unacknowledgedAbsent: 0,
      customersChecked: 0,
    };
    for (const write of writes) {
      const found =
        write.kind === 'registration'
          ? registrationFound(write, customersByEmail.get(write.email.toLowerCase()) ?? [])
          : write.kind === 'closure'
            ? closureFound(
                write,
                purchaseByBill.get(write.billId),
                tracedBills.has(write.billId),
                write.voucherId ? voucherById.get(write.voucherId) : undefined,
              )
            : write.kind === 'operator-tag'
              ? tagFound(tagByTextId.get(write.textId))
              : applicationFound(write, voucherById.get(write.voucherId));
      const label = labelOf(write);
      if (write.outcome === 'acknowledged') report.acknowledged++;
      if (found.state === 'partial') report.halfWritten.push(`${label}: ${found.problem}`);
      else if (write.outcome === 'acknowledged') {
        if (found.state === 'complete') report.found++;
        else report.lost.push(`${label}: acknowledged, not found`);
      } else if (found.state === 'complete') report.unacknowledgedComplete++;
      else report.unacknowledgedAbsent++;
    }

    report.halfWritten.push(
      ...(await databaseInvariants(
        client,
        applications.map((write) => write.voucherId),
        tag,
      )),
    );
    report.customersChecked = Number((await rows<{ n: number }>(client, `SELECT count(*)::int AS n FROM customers`, []))[0].n);
    return report;
  } finally {
    await client.end();
  }
}

function registrationFound(write: RegistrationWrite, found: CustomerRow[]): Found {
  if (found.length === 0) return { state: 'absent' };
  if (found.length > 1) return { state: 'partial', problem: `${found.length} customers with this e-mail` };
  const [customer] = found;
  const missing = [
    customer.source_external_ids.includes(write.externalId) ? null : 'its customer source record',
    customer.status_records > 0 ? null : 'its status record',
    customer.partner_records > 0 ? null : 'its partner record',
  ].filter((what): what is string => what !== null);
  if (missing.length > 0) return { state: 'partial', problem: `customer ${customer.customer_id} without ${missing.join(', ')}` };
  if (write.outcome === 'acknowledged' && write.customerId !== customer.customer_id) {
    return { state: 'partial', problem: `answered customer ${write.customerId}, stored ${customer.customer_id}` };
  }
  return { state: 'complete' };
}

function closureFound(write: ClosureWrite, purchase: PurchaseRow | undefined, traced: boolean, voucher: VoucherRow | undefined): Found {
  if (!purchase) {
    const leftovers = [
      traced ? 'point movements or an event naming the bill' : null,
      voucher?.applied ? 'its voucher marked used' : null,
    ].filter(Boolean);
    return leftovers.length > 0 ? { state: 'partial', problem: `no purchase, but ${leftovers.join(' and ')}` } : { state: 'absent' };
  }
  const movements = purchase.movements ?? [];
  const movement = (role: string, amount: number): string | null => {
    const matching = movements.filter((entry) => entry.role === role);
    if (matching.length !== 1) return `${matching.length} ${role} point movements`;
    const [entry] = matching;
    if (entry.assigned !== amount || entry.history !== amount || entry.history_rows === 0) {
      return `${role} movement of ${entry.assigned} with history ${entry.history}, expected ${amount}`;
    }
    return null;
  };
  const problems = [
    purchase.customer_id === write.customerId ? null : `customer ${purchase.customer_id}`,
    purchase.items_count === write.billItemIds.length && sameList(purchase.bill_item_ids, write.billItemIds)
      ? null
      : `items ${JSON.stringify(purchase.bill_item_ids)} (count ${purchase.items_count}), sent ${JSON.stringify(write.billItemIds)}`,
    purchase.earned_points > 0 ? movement('earned', purchase.earned_points) : 'no points earned',
    purchase.used_points === write.pointsPaid ? null : `${purchase.used_points} points paid, sent ${write.pointsPaid}`,
    write.pointsPaid > 0 ? movement('paid', -write.pointsPaid) : null,
    write.voucherId && !(purchase.voucher_ids.includes(write.voucherId) && voucher?.applied)
      ? `voucher ${write.voucherId} not recorded as used by it`
      : null,
    purchase.events === 1 ? null : `${purchase.events} purchase events`,
    write.outcome === 'acknowledged' && write.purchaseId !== purchase.purchase_id
      ? `answered purchase ${write.purchaseId}, stored ${purchase.purchase_id}`
      : null,
  ].filter((problem): problem is string => problem !== null);
  return problems.length > 0
    ? { state: 'partial', problem: `purchase ${purchase.purchase_id}: ${problems.join('; ')}` }
    : { state: 'complete' };
}

/** A tag defined through the operator API: never one without its audit row. */
function tagFound(tag: TagRow | undefined): Found {
  if (!tag) return { state: 'absent' };
  return tag.audit_rows === 1
    ? { state: 'complete' }
    : { state: 'partial', problem: `${tag.audit_rows} audit rows for the tag ${tag.text_id}` };
}

function applicationFound(write: VoucherApplicationWrite, voucher: VoucherRow | undefined): Found {
  if (!voucher) return { state: 'partial', problem: 'the voucher itself is gone' };
  if (voucher.in_purchase) return { state: 'partial', problem: 'a purchase claims the voucher' };
  return voucher.applied ? { state: 'complete' } : { state: 'absent' };
}

/** Invariants over every row, whichever write left it. */
async function databaseInvariants(client: Client, appliedAlone: string[], tag: string): Promise<string[]> {
  const checks: [string, string, unknown[]][] = [
    [
      'purchase whose item count differs from its items',
      `SELECT p.purchase_id AS id FROM purchases p WHERE p.items_count <> (SELECT count(*) FROM purchase_items i WHERE i.purchase_id = p.purchase_id)`,
      [],
    ],
    [
      'purchase with earned or paid points and no such movement',
      `SELECT p.purchase_id AS id FROM purchases p
        WHERE (p.earned_points > 0 AND NOT EXISTS (SELECT 1 FROM purchase_points pp WHERE pp.purchase_id = p.purchase_id AND pp.role = 'earned'))
           OR (p.used_points > 0 AND NOT EXISTS (SELECT 1 FROM purchase_points pp WHERE pp.purchase_id = p.purchase_id AND pp.role = 'paid'))`,
      [],
    ],
    [
      'purchase of a customer without its purchase event',
      `SELECT p.purchase_id AS id FROM purchases p WHERE p.customer_id IS NOT NULL AND NOT p.canceled AND NOT EXISTS (SELECT 1 FROM customer_events e WHERE e.external_id = p.external_purchase_id)`,
      [],
    ],
    [
      'point record without history',
      `SELECT pt.point_id AS id FROM points pt WHERE NOT EXISTS (SELECT 1 FROM point_history h WHERE h.point_id = pt.point_id)`,
      [],
    ],
    [
      'point movement of a purchase that does not exist',
      `SELECT h.point_history_id AS id FROM point_history h WHERE h.extended_data ? 'purchase_id' AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.purchase_id = h.extended_data->>'purchase_id')`,
      [],
    ],
    [
      'purchase event without its purchase',
      `SELECT e.event_id AS id FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
        WHERE t.text_id = 'purchase' AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.external_purchase_id = e.external_id)`,
      [],
    ],
    [
      'voucher marked used without the purchase that used it',
      `SELECT v.voucher_id AS id FROM vouchers v
        WHERE v.applied_at IS NOT NULL AND NOT (v.voucher_id = ANY($1::text[]))
          AND NOT EXISTS (SELECT 1 FROM purchase_vouchers pv WHERE pv.voucher_id = v.voucher_id)`,
      [appliedAlone],
    ],
    [
      'voucher used by a purchase but not marked used',
      `SELECT v.voucher_id AS id FROM vouchers v JOIN purchase_vouchers pv ON pv.voucher_id = v.voucher_id WHERE v.applied_at IS NULL AND v.current_balance IS NULL`,
      [],
    ],
    [
      'customer whose point balance differs from the sum of their movements',
      `SELECT c.customer_id AS id FROM customers c
        WHERE (SELECT coalesce(sum(available_points), 0) FROM points WHERE customer_id = c.customer_id)
           <> (SELECT coalesce(sum(point_amount), 0) FROM point_history WHERE customer_id = c.customer_id)`,
      [],
    ],
    [
      'customer of this run without its source, status or partner record',
      `SELECT c.customer_id AS id FROM customers c
        WHERE c.email LIKE $1
          AND (NOT EXISTS (SELECT 1 FROM customer_source_records s WHERE s.customer_id = c.customer_id)
            OR NOT EXISTS (SELECT 1 FROM customer_status_records r WHERE r.customer_id = c.customer_id)
            OR NOT EXISTS (SELECT 1 FROM customer_partner_records r WHERE r.customer_id = c.customer_id))`,
      [`crash-${tag}-%`],
    ],
  ];
  const broken: string[] = [];
  for (const [what, sql, params] of checks) {
    for (const row of await rows<{ id: string }>(client, sql, params)) broken.push(`${what}: ${row.id}`);
  }
  return broken;
}

async function rows<T>(client: Client, sql: string, params: unknown[]): Promise<T[]> {
  return (await client.query(sql, params)).rows as T[];
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function labelOf(write: Write): string {
  const outcome = write.outcome === 'refused' ? `refused ${write.status}` : write.outcome;
  if (write.kind === 'registration') return `registration ${write.email} (phase ${write.phase}, ${outcome})`;
  if (write.kind === 'closure') return `closure of bill ${write.billId} (phase ${write.phase}, ${outcome})`;
  if (write.kind === 'operator-tag') return `operator API tag ${write.textId} (phase ${write.phase}, ${outcome})`;
  return `application of voucher ${write.voucherId} (phase ${write.phase}, ${outcome})`;
}
