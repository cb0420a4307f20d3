import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { likePattern, rowPageStatement, toRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import {
  PRODUCT_BRAND_LISTING_SORT_FIELDS,
  PRODUCT_GROUP_LISTING_SORT_FIELDS,
  PRODUCT_LISTING_SORT_FIELDS,
  ProductBrandListingDto,
  ProductGroupListingDto,
  ProductListingDto,
} from './dto/catalogue-listing.dto';

export type ProductListingSortField = (typeof PRODUCT_LISTING_SORT_FIELDS)[number];
export type ProductGroupListingSortField = (typeof PRODUCT_GROUP_LISTING_SORT_FIELDS)[number];
export type ProductBrandListingSortField = (typeof PRODUCT_BRAND_LISTING_SORT_FIELDS)[number];

export interface CatalogueListingFilter {
  /** Part of the name, or the whole code (external id for brands). */
  q?: string;
  /** Only records in this state; brands have none. */
  state?: number;
}

const PRODUCT_COLUMNS = `p.product_id, p.name, p.code, p.product_group_id, g.name AS product_group_name,
  p.product_brand_id, b.name AS product_brand_name, p.partner_id, p.state, p.last_change`;
const PRODUCT_FROM = `products p
  LEFT JOIN product_groups g ON g.product_group_id = p.product_group_id
  LEFT JOIN product_brands b ON b.product_brand_id = p.product_brand_id`;
const GROUP_COLUMNS = 'g.product_group_id, g.external_id, g.name, g.code, g.parent_product_group_id, g.state, g.last_change';
const BRAND_COLUMNS = 'b.product_brand_id, b.external_id, b.name, b.last_change';

/**
 * The conditions of a filter and their values. A name matches on any part (the trigram indexes on names
 * answer it), a code only whole (its btree index answers that): at 200,000 products a part of a code would
 * read every row. Only what the filter gives becomes a condition: the pool plans statements generically,
 * and a generic plan of `$1 IS NULL OR name ILIKE $1` reads every row, whatever `$1` turns out to be.
 */
function filterConditions(
  filter: CatalogueListingFilter,
  alias: string,
  codeColumns: string[],
): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.q) {
    params.push(likePattern(filter.q), filter.q);
    conditions.push(`(${[`${alias}.name ILIKE $1`, ...codeColumns.map((column) => `${alias}.${column} = $2`)].join(' OR ')})`);
  }
  if (filter.state !== undefined) conditions.push(`${alias}.state = $${params.push(filter.state)}`);
  return { conditions, params };
}

const withIsoChange = <TRow extends { last_change: Date | string }>(row: TRow) => ({
  ...row,
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * The catalogue as the operator API lists it for pickers: products, product groups and brands by name or
 * code, one statement a page (the page and the total together; a product search sets its planning beside it).
 * The contract's own lists live in the services.
 */
@Injectable()
export class CatalogueListingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listProducts(filter: CatalogueListingFilter, page: PageRequest<ProductListingSortField>): Promise<Page<ProductListingDto>> {
    const { conditions, params } = filterConditions(filter, 'p', ['code']);
    const statement = rowPageStatement(
      { columns: PRODUCT_COLUMNS, from: PRODUCT_FROM, conditions },
      params,
      page,
      { name: 'name', code: 'code', last_change: 'last_change' },
      'product_id',
      'name',
    );
    return this.page<ProductListingDto>(statement, 'product_id', filter.q !== undefined && filter.q !== '');
  }

  async findProduct(productId: string): Promise<ProductListingDto | null> {
    const [row] = await this.dataSource.query<ProductListingDto[]>(
      `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.product_id = $1`,
      [productId],
    );
    return row ? withIsoChange(row) : null;
  }

  async listGroups(filter: CatalogueListingFilter, page: PageRequest<ProductGroupListingSortField>): Promise<Page<ProductGroupListingDto>> {
    const { conditions, params } = filterConditions(filter, 'g', ['code', 'external_id']);
    const statement = rowPageStatement(
      { columns: GROUP_COLUMNS, from: 'product_groups g', conditions },
      params,
      page,
      { name: 'name', code: 'code', last_change: 'last_change' },
      'product_group_id',
      'name',
    );
    return this.page<ProductGroupListingDto>(statement, 'product_group_id');
  }

  async findGroup(groupId: string): Promise<ProductGroupListingDto | null> {
    const [row] = await this.dataSource.query<ProductGroupListingDto[]>(
      `SELECT ${GROUP_COLUMNS} FROM product_groups g WHERE g.product_group_id = $1`,
      [groupId],
    );
    return row ? withIsoChange(row) : null;
  }

  async listBrands(filter: CatalogueListingFilter, page: PageRequest<ProductBrandListingSortField>): Promise<Page<ProductBrandListingDto>> {
    // Brands have no state.
    const { conditions, params } = filterConditions({ q: filter.q }, 'b', ['external_id']);
    const statement = rowPageStatement(
      { columns: BRAND_COLUMNS, from: 'product_brands b', conditions },
      params,
      page,
      { name: 'name', external_id: 'external_id', last_change: 'last_change' },
      'product_brand_id',
      'name',
    );
    return this.page<ProductBrandListingDto>(statement, 'product_brand_id');
  }

  async findBrand(brandId: string): Promise<ProductBrandListingDto | null> {
    const [row] = await this.dataSource.query<ProductBrandListingDto[]>(
      `SELECT ${BRAND_COLUMNS} FROM product_brands b WHERE b.product_brand_id = $1`,
      [brandId],
    );
    return row ? withIsoChange(row) : null;
  }

  /**
   * One page and the total in one statement. `planForValues` plans it for the text searched, in a
   * transaction of its own: the pool's generic plan of a name search reads the trigram index whatever the
   * text, which at 200,000 products takes half a second for one or two letters or a word in every name,
   * where a plan for the text reads the table once (about 100 ms) and a rare name still takes the index.
   */
  private async page<TRow extends { last_change: string }>(
    statement: { sql: string; params: unknown[] },
    id: keyof TRow & string,
    planForValues = false,
  ): Promise<Page<TRow>> {
    type Row = TRow & { total_items: number };
    const rows = planForValues
      ? await this.dataSource.transaction(async (manager) => {
          await manager.query(`SET LOCAL plan_cache_mode = auto`);
          return manager.query<Row[]>(statement.sql, statement.params);
        })
      : await this.dataSource.query<Row[]>(statement.sql, statement.params);
    const found = toRowPage(rows, id);
    return { items: found.items.map(withIsoChange), total: found.total };
  }
}
