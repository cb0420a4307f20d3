import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { likePattern, rowPageStatement, toRowPage, TOTAL_COLUMN } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { productIdsWithCodeSql } from '../catalogue';
import { CampaignState } from './entities/campaign.entity';
import { CampaignProductPropertyValue, CampaignProductState, DisplayPlace } from './entities/campaign-product.entity';

/** A campaign product as its answers show it, read straight from its row. */
export interface CampaignProductRow {
  campaign_product_id: string;
  product_id: string;
  currency_id: string;
  campaign_id: string;
  /** numeric, as the driver returns it. */
  value: string;
  value_type_id: number;
  valid_from: Date;
  valid_to: Date;
  display_in: DisplayPlace[];
  type_id: string;
  presentation_name: string;
  presentation_subtitle: string | null;
  presentation_note: string | null;
  presentation_description: string | null;
  presentation_image_url: string | null;
  property_records: CampaignProductPropertyValue[];
  last_change: Date;
  state: number;
}

export interface CampaignProductStoreRecordRow {
  campaign_product_store_record_id: string;
  store_id: string;
  campaign_product_id: string;
}

/** What a list of campaign products is limited to; every criterion given must hold. */
export interface CampaignProductCriteria {
  /** Active campaign products of active campaigns only (the Customer interface). */
  activeOnly: boolean;
  name?: string;
  productCode?: string;
  displayIn?: DisplayPlace;
  customerTypeIds?: string[];
  storeId?: string;
  valueTypeId?: number;
  isValid?: boolean;
  /** The validity overlaps the range from this instant on. */
  validFrom?: Date;
  /** The validity overlaps the range up to this instant. */
  validTo?: Date;
  campaignId?: string;
}

const SORT_COLUMNS = {
  campaign_product_id: 'campaign_product_id',
  product_id: 'product_id',
  currency_id: 'currency_id',
  campaign_id: 'campaign_id',
  value: 'value',
  value_type_id: 'value_type_id',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  type_id: 'type_id',
  last_change: 'last_change',
  state: 'state',
} as const;
export type CampaignProductSortField = keyof typeof SORT_COLUMNS;
export const CAMPAIGN_PRODUCT_SORT_FIELDS = Object.keys(SORT_COLUMNS) as CampaignProductSortField[];

const STORE_RECORD_SORT_COLUMNS = {
  campaign_product_store_record_id: 'campaign_product_store_record_id',
  store_id: 'store_id',
  campaign_product_id: 'campaign_product_id',
} as const;
export type CampaignProductStoreRecordSortField = keyof typeof STORE_RECORD_SORT_COLUMNS;
export const CAMPAIGN_PRODUCT_STORE_RECORD_SORT_FIELDS = Object.keys(STORE_RECORD_SORT_COLUMNS) as CampaignProductStoreRecordSortField[];

const FROM = 'campaign_products cp JOIN campaigns c ON c.campaign_id = cp.campaign_id';
const ACTIVE_ONLY = `cp.state = ${CampaignProductState.Active} AND c.state = ${CampaignState.Active}`;

function columns(withPropertyRecords: boolean): string {
  return `cp.campaign_product_id, cp.product_id, cp.currency_id, cp.campaign_id, cp.value, cp.value_type_id,
          cp.valid_from, cp.valid_to, cp.display_in, cp.customer_type_id AS type_id, cp.presentation_name,
          cp.presentation_subtitle, cp.presentation_note, cp.presentation_description, cp.presentation_image_url,
          ${withPropertyRecords ? 'cp.property_records' : `'[]'::jsonb AS property_records`}, cp.last_change, cp.state`;
}

/** The SQL of reading campaign products and their store records, each answer in one statement. */
@Injectable()
export class CampaignProductRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The campaign product with its property records; null when it is unknown or, with `activeOnly`, not active. */
  async findRow(campaignProductId: string, activeOnly: boolean): Promise<CampaignProductRow | null> {
    const [row] = await this.dataSource.query<CampaignProductRow[]>(
      `SELECT ${columns(true)} FROM ${FROM} WHERE cp.campaign_product_id = $1${activeOnly ? ` AND ${ACTIVE_ONLY}` : ''}`,
      [campaignProductId],
    );
    return row ?? null;
  }

  async findPage(
    criteria: CampaignProductCriteria,
    page: PageRequest<CampaignProductSortField>,
    withPropertyRecords: boolean,
  ): Promise<Page<CampaignProductRow>> {
    const params: unknown[] = [];
    const conditions: string[] = criteria.activeOnly ? [ACTIVE_ONLY] : [];
    const where = (condition: (param: string) => string, value: unknown) => conditions.push(condition(`$${params.push(value)}`));
    if (criteria.name) where((name) => `cp.presentation_name ILIKE ${name}`, likePattern(criteria.name));
    if (criteria.productCode !== undefined) where((code) => `cp.product_id IN (${productIdsWithCodeSql(code)})`, criteria.productCode);
    if (criteria.displayIn) where((place) => `(cardinality(cp.display_in) = 0 OR ${place} = ANY(cp.display_in))`, criteria.displayIn);
    if (criteria.customerTypeIds?.length) where((ids) => `cp.customer_type_id = ANY(${ids}::varchar[])`, criteria.customerTypeIds);
    if (criteria.storeId !== undefined) {
      where(
        (store) => `(EXISTS (SELECT 1 FROM campaign_product_store_records s
                             WHERE s.campaign_product_id = cp.campaign_product_id AND s.store_id = ${store})
                     OR NOT EXISTS (SELECT 1 FROM campaign_product_store_records s WHERE s.campaign_product_id = cp.campaign_product_id))`,
        criteria.storeId,
      );
    }
    if (criteria.valueTypeId !== undefined) where((type) => `cp.value_type_id = ${type}`, criteria.valueTypeId);
    if (criteria.isValid === true) conditions.push('cp.valid_from <= now() AND cp.valid_to >= now()');
    if (criteria.isValid === false) conditions.push('(cp.valid_from > now() OR cp.valid_to < now())');
    if (criteria.validFrom) where((from) => `cp.valid_to >= ${from}`, criteria.validFrom);
    if (criteria.validTo) where((to) => `cp.valid_from <= ${to}`, criteria.validTo);
    if (criteria.campaignId !== undefined) where((id) => `cp.campaign_id = ${id}`, criteria.campaignId);
    const statement = rowPageStatement(
      { from: FROM, conditions, columns: columns(withPropertyRecords) },
      params,
      page,
      SORT_COLUMNS,
      'campaign_product_id',
    );
    const rows = await this.dataSource.query<(CampaignProductRow & { [TOTAL_COLUMN]: number })[]>(statement.sql, statement.params);
    return toRowPage(rows, 'campaign_product_id');
  }

  /** A page of the campaign product's store records, and whether the campaign product is there for the caller. */
  async findStoreRecordPage(
    campaignProductId: string,
    activeOnly: boolean,
    page: PageRequest<CampaignProductStoreRecordSortField>,
  ): Promise<Page<CampaignProductStoreRecordRow> & { productFound: boolean }> {
    const params: unknown[] = [campaignProductId];
    const statement = rowPageStatement(
      {
        from: 'campaign_product_store_records r',
        conditions: ['r.campaign_product_id = $1'],
        columns: 'r.campaign_product_store_record_id, r.store_id, r.campaign_product_id',
        listColumns: `EXISTS (SELECT 1 FROM ${FROM} WHERE cp.campaign_product_id = $1${activeOnly ? ` AND ${ACTIVE_ONLY}` : ''}) AS product_found`,
      },
      params,
      page,
      STORE_RECORD_SORT_COLUMNS,
      'campaign_product_store_record_id',
    );
    const rows = await this.dataSource.query<(CampaignProductStoreRecordRow & { [TOTAL_COLUMN]: number; product_found: boolean })[]>(
      statement.sql,
      statement.params,
    );
    const found = toRowPage(rows, 'campaign_product_store_record_id');
    return {
      items: found.items.map(({ product_found: _found, ...row }) => row),
      total: found.total,
      productFound: rows[0]?.product_found ?? false,
    };
  }
}
