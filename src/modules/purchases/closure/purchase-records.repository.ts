import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId, preparedQuery } from '@tessera/core';
import { OUTBOX_INSERT_ROWS_SQL, OUTBOX_INSERT_SQL, OutboxEvent } from '../../../platform/outbox';
import { BillProduct } from '../../catalogue';
import { PurchaseCreditRole, PurchasePointRole } from '../entities/purchase-links.entity';

/** A purchase row as a closure writes it; amounts are numeric text. */
export interface PurchaseRecord {
  id: string;
  externalPurchaseId: string;
  customerId: string | null;
  cardNumber: string | null;
  storeId: string;
  cashdeskNumber: string;
  purchaseTypeId: string;
  paymentTypeId: string;
  currencyId: string;
  paymentTime: Date;
  totalPrice: string;
  itemsCount: number;
  billNumber: string | null;
  createdBy: string | null;
  canceled: boolean;
  canceledPurchaseId: string | null;
  earnedPoints: string;
  usedPoints: string;
  voucherPoints: string;
  usedCredits: string;
  utm: Record<string, unknown> | null;
}

/** A bill line as a closure writes it, with the names of its product as the purchase keeps them. */
export interface PurchaseItemRecord extends BillProduct {
  id: string;
  billItemId: string;
  externalId: string | null;
  purchaseItemTypeId: string;
  price: string;
  paidAmount: string;
  amount: string;
  vatRate: string;
  loyaltyOff: boolean;
  discount: string;
  earnedPoints: string;
}

export interface PropertyValueRecord {
  propertyId: string;
  value: unknown;
}

/** What a purchase booked elsewhere: ledger records and vouchers, by their ids. */
export interface PurchaseLinks {
  points: { pointId: string; role: PurchasePointRole }[];
  credits: { creditId: string; role: PurchaseCreditRole }[];
  vouchers: { voucherId: string; discountValue: string; balanceUsed: string | null; createdByPurchase: boolean }[];
}

/** A purchase a cancellation or a later assignment names, locked. */
export interface LockedPurchase {
  id: string;
  externalPurchaseId: string;
  customerId: string | null;
  storeId: string;
  paymentTypeId: string;
  usedPoints: string;
  canceled: boolean;
  /** Whether a cancellation of it exists already. */
  reversed: boolean;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The SQL of purchase records a closure writes and reverses. */
@Injectable()
export class PurchaseRecordsRepository {
  /**
   * Writes a purchase with its items, property values and links in one statement. The links name
   * ledger records and vouchers written before it, in the same transaction. Each voucher link writes its
   * customer's event in the same statement: `voucher_used` for a voucher the customer had (a gift card
   * too, with the part of its balance the purchase took), `voucher_issued` for one the purchase issued;
   * so does `event`, the bill's own event when it has one.
   */
  async insert(
    purchase: PurchaseRecord,
    items: PurchaseItemRecord[],
    itemProperties: PropertyValueRecord[][],
    properties: PropertyValueRecord[],
    links: PurchaseLinks,
    event: OutboxEvent | null,
    manager: EntityManager,
  ): Promise<void> {
    const itemProperty = items.flatMap((item, index) => itemProperties[index].map((record) => ({ itemId: item.id, ...record })));
    await preparedQuery(
      manager,
      'closure-purchase-records',
      `WITH purchase AS (
         INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, card_number, store_id, cashdesk_number, purchase_type_id,
                                payment_type_id, currency_id, payment_time, total_price, items_count, bill_number, created_by, canceled,
                                canceled_purchase_id, earned_points, used_points, voucher_points, used_credits, utm)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13, $14, $15, $16, $17::numeric, $18::numeric,
                 $19::numeric, $20::numeric, $21::jsonb)),
       items AS (
         INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, product_name, product_group_id,
                                     product_group_name, product_brand_id, product_brand_name, external_id, purchase_item_type_id, price,
                                     paid_amount, amount, vat_rate, loyalty_off, discount, earned_points)
         SELECT i.id, $1, i.position - 1, i.bill_item_id, i.product_id, i.product_name, i.product_group_id, i.product_group_name,
                i.product_brand_id, i.product_brand_name, i.external_id, i.type_id, i.price::numeric, i.paid_amount::numeric,
                i.amount::numeric, i.vat_rate::numeric, i.loyalty_off, i.discount::numeric, i.earned_points::numeric
           FROM unnest($22::varchar[], $23::text[], $24::varchar[], $25::text[], $26::varchar[], $27::text[], $28::varchar[], $29::text[],
                       $30::text[], $31::varchar[], $32::text[], $33::text[], $34::text[], $35::text[], $36::boolean[], $37::text[], $38::text[])
                WITH ORDINALITY AS i(id, bill_item_id, product_id, product_name, product_group_id, product_group_name, product_brand_id,
                                     product_brand_name, external_id, type_id, price, paid_amount, amount, vat_rate, loyalty_off, discount,
                                     earned_points, position)),
       item_properties AS (
         INSERT INTO purchase_item_property_records (purchase_item_id, property_id, property_value)
         SELECT * FROM unnest($39::varchar[], $40::varchar[], $41::jsonb[])),
       properties AS (
         INSERT INTO purchase_property_records (purchase_id, property_id, property_value)
         SELECT $1, p.property_id, p.value FROM unnest($42::varchar[], $43::jsonb[]) AS p(property_id, value)),
       voucher_links AS (
         INSERT INTO purchase_vouchers (purchase_id, voucher_id, discount_value, balance_used, created_by_purchase)
         SELECT $1, v.id, v.discount::numeric, v.balance::numeric, v.created FROM unnest($44::varchar[], $45::text[], $46::text[], $47::boolean[])
           AS v(id, discount, balance, created)),
       voucher_events AS (
         ${OUTBOX_INSERT_ROWS_SQL(
           `SELECT l.event_id, CASE WHEN l.created THEN 'voucher_issued' ELSE 'voucher_used' END, $3::varchar, l.id, $1::text,
                   CASE WHEN l.created
                        THEN jsonb_build_object('voucher_id', l.id, 'purchase_id', $1::text, 'reward_id', v.reward_id, 'code', v.code,
                                                'points_cost', v.points_cost::text)
                        ELSE jsonb_build_object('voucher_id', l.id, 'purchase_id', $1::text, 'discount_value', l.discount,
                                                'balance_used', l.balance) END
              FROM unnest($44::varchar[], $45::text[], $46::text[], $47::boolean[], $52::varchar[]) AS l(id, discount, balance, created, event_id)
              JOIN vouchers v ON v.voucher_id = l.id
             WHERE $3::varchar IS NOT NULL`,
         )}),
       point_links AS (
         INSERT INTO purchase_points (purchase_id, point_id, role) SELECT $1, * FROM unnest($48::varchar[], $49::text[])),
       purchase_event AS (${OUTBOX_INSERT_SQL('$53', '$54', '$55', '$56', 'NULL', '$57')})
       INSERT INTO purchase_credits (purchase_id, credit_id, role) SELECT $1, * FROM unnest($50::varchar[], $51::text[])`,
      [
        purchase.id,
        purchase.externalPurchaseId,
        purchase.customerId,
        purchase.cardNumber,
        purchase.storeId,
        purchase.cashdeskNumber,
        purchase.purchaseTypeId,
        purchase.paymentTypeId,
        purchase.currencyId,
        purchase.paymentTime,
        purchase.totalPrice,
        purchase.itemsCount,
        purchase.billNumber,
        purchase.createdBy,
        purchase.canceled,
        purchase.canceledPurchaseId,
        purchase.earnedPoints,
        purchase.usedPoints,
        purchase.voucherPoints,
        purchase.usedCredits,
        json(purchase.utm),
        items.map((item) => item.id),
        items.map((item) => item.billItemId),
        items.map((item) => item.productId),
        items.map((item) => item.productName),
        items.map((item) => item.productGroupId),
        items.map((item) => item.productGroupName),
        items.map((item) => item.productBrandId),
        items.map((item) => item.productBrandName),
        items.map((item) => item.externalId),
        items.map((item) => item.purchaseItemTypeId),
        items.map((item) => item.price),
        items.map((item) => item.paidAmount),
        items.map((item) => item.amount),
        items.map((item) => item.vatRate),
        items.map((item) => item.loyaltyOff),
        items.map((item) => item.discount),
        items.map((item) => item.earnedPoints),
        itemProperty.map((record) => record.itemId),
        itemProperty.map((record) => record.propertyId),
        itemProperty.map((record) => json(record.value)),
        properties.map((record) => record.propertyId),
        properties.map((record) => json(record.value)),
        links.vouchers.map((link) => link.voucherId),
        links.vouchers.map((link) => link.discountValue),
        links.vouchers.map((link) => link.balanceUsed),
        links.vouchers.map((link) => link.createdByPurchase),
        links.points.map((link) => link.pointId),
        links.points.map((link) => link.role),
        links.credits.map((link) => link.creditId),
        links.credits.map((link) => link.role),
        links.vouchers.map(() => newId()),
        // The bill's own event, in this statement rather than a round trip of its own; no type, no event.
        newId(),
        event?.type ?? null,
        event?.customerId ?? null,
        event?.externalId ?? null,
        event ? JSON.stringify(event.data) : null,
      ],
    );
  }

  /** The purchase with this bill_id, locked against a concurrent cancellation or assignment, and whether it was cancelled. */
  async lockByBillId(externalPurchaseId: string, manager: EntityManager): Promise<LockedPurchase | null> {
    const rows: LockedPurchase[] = await manager.query(
      `SELECT p.purchase_id AS id, p.external_purchase_id AS "externalPurchaseId", p.customer_id AS "customerId", p.store_id AS "storeId",
              p.payment_type_id AS "paymentTypeId", p.used_points::text AS "usedPoints", p.canceled, EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id) AS reversed
         FROM purchases p WHERE p.external_purchase_id = $1 FOR UPDATE OF p`,
      [externalPurchaseId],
    );
    return rows[0] ?? null;
  }

  /** What the purchase booked elsewhere, in one statement. */
  async links(purchaseId: string, manager: EntityManager): Promise<PurchaseLinks> {
    const rows: {
      kind: 'point' | 'credit' | 'voucher';
      id: string;
      role: string | null;
      discount: string | null;
      balance: string | null;
      created: boolean;
    }[] = await manager.query(
      `SELECT 'point' AS kind, point_id AS id, role, NULL AS discount, NULL AS balance, false AS created FROM purchase_points WHERE purchase_id = $1
         UNION ALL
         SELECT 'credit', credit_id, role, NULL, NULL, false FROM purchase_credits WHERE purchase_id = $1
         UNION ALL
         SELECT 'voucher', voucher_id, NULL, discount_value::text, balance_used::text, created_by_purchase FROM purchase_vouchers WHERE purchase_id = $1`,
      [purchaseId],
    );
    return {
      points: rows.filter((row) => row.kind === 'point').map((row) => ({ pointId: row.id, role: row.role as PurchasePointRole })),
      credits: rows.filter((row) => row.kind === 'credit').map((row) => ({ creditId: row.id, role: row.role as PurchaseCreditRole })),
      vouchers: rows
        .filter((row) => row.kind === 'voucher')
        .map((row) => ({
          voucherId: row.id,
          discountValue: row.discount as string,
          balanceUsed: row.balance,
          createdByPurchase: row.created,
        })),
    };
  }
}
