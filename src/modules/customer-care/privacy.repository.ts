import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { OUTBOX_INSERT_SQL } from '../../platform/outbox';
import { CustomerState } from '../customers';

/** A column that points at a customer, or at a record that does (a purchase's items, a task's comments). */
export interface CustomerLink {
  table: string;
  column: string;
  /** For a record of a customer's record: the parent table and the parent's column the link holds. */
  via?: { table: string; column: string; customerColumn: string };
}

/** The text-like columns of a linked table, which erasure scrubs. */
interface ScrubbableTable {
  link: CustomerLink;
  columns: TextColumn[];
}

interface TextColumn {
  name: string;
  /** json or jsonb, scrubbed as text and cast back; null for text columns. */
  json: string | null;
}

/** Columns never exported: credentials and the hashes that stand for them. */
export const SECRET_COLUMN = /(hash|secret|password|token$)/;

/** The identity a customer is recognised by in free text, read before erasure wipes it. */
interface Identity {
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  state: number;
}

/**
 * Reads the customer's links from the catalogue, not from a list: every column named `customer_id` or
 * with a foreign key to customers, and the tables whose single-column foreign key points at such a
 * table. A table a later migration adds is covered without a change here.
 */
const LINKS_SQL = `
  WITH direct AS (
    SELECT c.table_name::text AS table_name, c.column_name::text AS column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = current_schema() AND c.column_name = 'customer_id'
    UNION
    SELECT k.conrelid::regclass::text, a.attname::text
      FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
     WHERE k.contype = 'f' AND k.confrelid = 'customers'::regclass AND cardinality(k.conkey) = 1)
  SELECT table_name, column_name, NULL AS parent_table, NULL AS parent_column, NULL AS parent_customer_column FROM direct
  UNION ALL
  SELECT DISTINCT k.conrelid::regclass::text, a.attname::text, p.table_name, pa.attname::text, p.column_name
    FROM pg_constraint k
    JOIN direct p ON p.table_name = k.confrelid::regclass::text
    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
    JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = k.confkey[1]
   WHERE k.contype = 'f' AND cardinality(k.conkey) = 1 AND k.conrelid::regclass::text NOT IN (SELECT table_name FROM direct)
   ORDER BY 1, 2, 3`;

const TEXT_COLUMNS_SQL = `
  SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, CASE WHEN c.data_type IN ('json', 'jsonb') THEN c.data_type::text END AS json
    FROM information_schema.columns c
   WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')
   ORDER BY c.table_name, c.ordinal_position`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SQL condition over alias `t`: the row is the customer's ($1) through `link`. */
function belongsSql(link: CustomerLink): string {
  if (!link.via) return `t.${quoted(link.column)} = $1`;
  return `t.${quoted(link.column)} IN (SELECT p.${quoted(link.via.column)} FROM ${quoted(link.via.table)} p
                                       WHERE p.${quoted(link.via.customerColumn)} = $1)`;
}

/** A regular expression (PostgreSQL ARE) matching any of the values as whole words, case aside. */
function identityPattern(values: string[]): string {
  const word = /\w/;
  return values
    .map((value) => {
      const escaped = value.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);
      return `${word.test(value[0]) ? '\\m' : ''}${escaped}${word.test(value[value.length - 1]) ? '\\M' : ''}`;
    })
    .join('|');
}

/**
 * The SQL behind the privacy rights. It reads and writes the tables of every context, which only the
 * catalogue-driven form can do without a list to forget: a table with customer data that a migration
 * adds is exported and scrubbed as soon as it exists.
 */
@Injectable()
export class PrivacyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async links(manager: EntityManager = this.dataSource.manager): Promise<CustomerLink[]> {
    const rows: {
      table_name: string;
      column_name: string;
      parent_table: string | null;
      parent_column: string | null;
      parent_customer_column: string | null;
    }[] = await manager.query(LINKS_SQL);
    return rows.map((row) => ({
      table: row.table_name,
      column: row.column_name,
      ...(row.parent_table && row.parent_column && row.parent_customer_column
        ? { via: { table: row.parent_table, column: row.parent_column, customerColumn: row.parent_customer_column } }
        : {}),
    }));
  }

  /** Every linked row of the customer, secrets left out, by table; null when there is no such customer. */
  async export(customerId: string): Promise<Record<string, Record<string, unknown>[]> | null> {
    const links = await this.links();
    const secrets = await this.secretColumns();
    const parts = links.map(
      (link, index) =>
        `SELECT ${index} AS link, coalesce(jsonb_agg(to_jsonb(t) - $2::text[] ORDER BY to_jsonb(t)::text), '[]') AS rows
           FROM ${quoted(link.table)} t WHERE ${belongsSql(link)}`,
    );
    const rows: { link: number; rows: Record<string, unknown>[] }[] = await this.dataSource.query(
      `SELECT * FROM (${parts.join('\n UNION ALL ')}) parts WHERE EXISTS (SELECT 1 FROM customers WHERE customer_id = $1)`,
      [customerId, secrets],
    );
    if (rows.length === 0) return null;
    const tables: Record<string, Record<string, unknown>[]> = {};
    // A table linked twice (a relation names two customers) lists each row once.
    for (const { link, rows: records } of rows) {
      const table = links[link].table;
      const known = new Set((tables[table] ?? []).map((record) => JSON.stringify(record)));
      tables[table] = [...(tables[table] ?? []), ...records.filter((record) => !known.has(JSON.stringify(record)))];
    }
    return tables;
  }

  /**
   * Erases the customer's personal data in the caller's transaction and writes `customer_deleted` (with
   * `erased`) for webhooks. Records that keep the books (ledgers, purchases, vouchers) stay, stripped of
   * identity; personal records go; the account ends deleted. Answers false when there is no such customer.
   */
  async erase(manager: EntityManager, customerId: string): Promise<boolean> {
    const [identity]: Identity[] = await manager.query(
      `SELECT email, phone, first_name, last_name, state FROM customers WHERE customer_id = $1 FOR UPDATE`,
      [customerId],
    );
    if (!identity) return false;
    await manager.query(
      `WITH addresses AS (DELETE FROM customer_addresses WHERE customer_id = $1),
            photos AS (DELETE FROM customer_photos WHERE customer_id = $1),
            properties AS (DELETE FROM customer_property_records WHERE customer_id = $1),
            interests AS (DELETE FROM customer_interest_records WHERE customer_id = $1),
            sources AS (DELETE FROM customer_source_records WHERE customer_id = $1),
            pushes AS (DELETE FROM customer_push_registrations WHERE customer_id = $1),
            auth_tokens AS (DELETE FROM customer_auth_tokens WHERE customer_id = $1),
            setup_links AS (DELETE FROM password_setup_tokens WHERE customer_id = $1),
            devices AS (UPDATE device_tokens SET customer_id = NULL, push_token = NULL, revoked_at = coalesce(revoked_at, now()),
                                                 last_change = now()
                         WHERE customer_id = $1)
       UPDATE customers
          SET email = NULL, phone = NULL, first_name = NULL, last_name = NULL, salutation = NULL, gender = NULL, pre_nominals = NULL,
              post_nominals = NULL, birthdate = NULL, password_hash = NULL, address1 = NULL, address2 = NULL, address3 = NULL,
              address4 = NULL, address5 = NULL, address6 = NULL, address7 = NULL, zip = NULL, city = NULL, country_code = NULL,
              social_network_id = NULL, social_network_token_hash = NULL, doi_email = NULL, doi_phone = NULL,
              state = ${CustomerState.Deleted}, last_change = now()
        WHERE customer_id = $1`,
      [customerId],
    );
    const values = [identity.email, identity.phone, identity.first_name, identity.last_name].filter(
      (value): value is string => value !== null && value.trim() !== '',
    );
    if (values.length > 0) await this.scrub(manager, customerId, identityPattern(values));
    await manager.query(OUTBOX_INSERT_SQL('$1', `'customer_deleted'`, '$2', '$2', 'NULL', '$3'), [
      newId(),
      customerId,
      JSON.stringify({ customer_id: customerId, erased: true }),
    ]);
    return true;
  }

  /**
   * Replaces the identity wherever free text of the customer's rows repeats it (a message's contact and
   * body, an event's data, a note): one UPDATE per linked table, touching only rows that contain it.
   * Id columns are left alone, so no reference breaks.
   */
  private async scrub(manager: EntityManager, customerId: string, pattern: string): Promise<void> {
    for (const { link, columns } of await this.scrubbable(manager)) {
      const replaced = (column: TextColumn) =>
        column.json
          ? `regexp_replace(${quoted(column.name)}::text, $2, '[erased]', 'gi')::${column.json}`
          : `regexp_replace(${quoted(column.name)}, $2, '[erased]', 'gi')`;
      const matches = columns.map((column) => `t.${quoted(column.name)}${column.json ? '::text' : ''} ~* $2`).join(' OR ');
      await manager.query(
        `UPDATE ${quoted(link.table)} t SET ${columns.map((column) => `${quoted(column.name)} = ${replaced(column)}`).join(', ')}
          WHERE ${belongsSql(link)} AND (${matches})`,
        [customerId, pattern],
      );
    }
  }

  private async scrubbable(manager: EntityManager): Promise<ScrubbableTable[]> {
    const columns: { table_name: string; column_name: string; json: string | null }[] = await manager.query(TEXT_COLUMNS_SQL);
    return (await this.links(manager))
      .map((link) => ({
        link,
        columns: columns
          .filter((column) => column.table_name === link.table && !column.column_name.endsWith('_id') && column.column_name !== link.column)
          .map((column) => ({ name: column.column_name, json: column.json })),
      }))
      .filter((table) => table.columns.length > 0);
  }

  private async secretColumns(): Promise<string[]> {
    const rows: { column_name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT column_name::text FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    return rows.map((row) => row.column_name).filter((name) => SECRET_COLUMN.test(name));
  }
}
