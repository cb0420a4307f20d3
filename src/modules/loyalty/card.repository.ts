import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowPageStatement, toRowPage, TOTAL_COLUMN } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { liveCustomerSql } from '../customers';
import type { CardFilter, CardSortField } from './card.service';
import { CardEntity, CardState } from './entities/card.entity';

/** The card's columns that its answer shows. */
export type CardProfile = Pick<
  CardEntity,
  'id' | 'customerId' | 'cardTypeId' | 'cardNumber' | 'secondaryCardNumber' | 'validFrom' | 'validTo' | 'storeId' | 'lastChange' | 'state'
>;

/** A row of `CARD_COLUMNS`. */
export interface CardRow {
  card_id: string;
  customer_id: string | null;
  card_type_id: string;
  card_number: string;
  secondary_card_number: string | null;
  valid_from: Date | null;
  valid_to: Date | null;
  store_id: string | null;
  last_change: Date;
  state: CardState;
  created_at: Date;
}

type CardPageRow = CardRow & { [TOTAL_COLUMN]: number; customer_exists: boolean | null };

// created_at only orders the list by default.
const CARD_COLUMNS = `c.card_id, c.customer_id, c.card_type_id, c.card_number, c.secondary_card_number, c.valid_from, c.valid_to,
  c.store_id, c.last_change, c.state, c.created_at`;

/** A card is valid between its validity dates; open ends do not limit it. */
export const CARD_VALID_NOW = '(c.valid_from IS NULL OR c.valid_from <= now()) AND (c.valid_to IS NULL OR c.valid_to >= now())';

/** The list's sort fields by the output names of `CARD_COLUMNS`. */
const SORT_COLUMNS: Record<CardSortField, string> = {
  card_id: 'card_id',
  customer_id: 'customer_id',
  card_type_id: 'card_type_id',
  card_number: 'card_number',
  secondary_card_number: 'secondary_card_number',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  store_id: 'store_id',
  last_change: 'last_change',
  state: 'state',
};

/** The SQL of reading cards as their answers show them. */
@Injectable()
export class CardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of the cards matching the filter, and the total, in one statement. With `ownerCustomerId`,
   * the answer also says whether that customer exists (not deleted).
   */
  async findPage(
    filter: CardFilter,
    page: PageRequest<CardSortField>,
    ownerCustomerId?: string,
  ): Promise<Page<CardProfile> & { customerExists: boolean | null }> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const where = (condition: (param: string) => string, value: unknown) => conditions.push(condition(`$${params.push(value)}`));
    if (filter.customerId !== undefined) where((id) => `c.customer_id = ${id}`, filter.customerId);
    if (filter.cardTypeId) where((id) => `c.card_type_id = ${id}`, filter.cardTypeId);
    if (filter.state !== undefined) where((state) => `c.state = ${state}`, filter.state);
    const numberColumn = filter.secondary ? 'c.secondary_card_number' : 'c.card_number';
    if (filter.cardNumber) where((number) => `${numberColumn} = ${number}`, filter.cardNumber);
    if (filter.cardNumbers?.length) where((numbers) => `${numberColumn} = ANY(${numbers}::text[])`, filter.cardNumbers);
    if (filter.isValid !== undefined) conditions.push(filter.isValid ? `(${CARD_VALID_NOW})` : `NOT (${CARD_VALID_NOW})`);
    const listColumns =
      ownerCustomerId === undefined ? undefined : `${liveCustomerSql(`$${params.push(ownerCustomerId)}`)} AS customer_exists`;
    const statement = rowPageStatement(
      { from: 'cards c', conditions, columns: CARD_COLUMNS, listColumns },
      params,
      page,
      SORT_COLUMNS,
      'card_id',
      'created_at',
    );
    const rows = await this.dataSource.query<CardPageRow[]>(statement.sql, statement.params);
    const found = toRowPage(rows, 'card_id');
    return { items: found.items.map(toCardProfile), total: found.total, customerExists: rows[0]?.customer_exists ?? null };
  }
}

export function toCardProfile(row: CardRow): CardProfile {
  return {
    id: row.card_id,
    customerId: row.customer_id,
    cardTypeId: row.card_type_id,
    cardNumber: row.card_number,
    secondaryCardNumber: row.secondary_card_number,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    storeId: row.store_id,
    lastChange: row.last_change,
    state: row.state,
  };
}
