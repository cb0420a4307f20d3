import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, rowPageStatement, toRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest, invalidParam, ResponseOutput, textIn } from '@tessera/http';
import { ProductDto, ProductService, ProductSortField, toProductDto } from '../catalogue';

export interface ReservableProductFilter {
  name?: string;
  code?: string;
  store_id?: string;
  tag_ids?: string[];
}

/** The search's sort fields, as output names of its page rows. */
const SEARCH_SORT_COLUMNS = { search_result_string: 'name', resource_id: 'product_id' } as const;
export type SearchSortField = keyof typeof SEARCH_SORT_COLUMNS;
export const SEARCH_SORT_FIELDS = Object.keys(SEARCH_SORT_COLUMNS) as SearchSortField[];

export interface SearchResult {
  search_result_string: string;
  resource_id: string;
  flags: { name: string; text_id: string }[];
}

/** One line of a reservation as the stock sees it. */
export interface StockClaim {
  productId: string;
  amount: number;
}

/**
 * The products that can be reserved and their stock. A product is reservable while it has an active
 * row in `reservable_products` (a deactivated one keeps its stock and its reservations, but takes no
 * new ones); its id there is its `product_id`. Taking stock is one conditional UPDATE per
 * counter row, after locking the rows in a fixed order, so concurrent reservations neither oversell
 * nor deadlock.
 */
@Injectable()
export class ReservableProductService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductService,
  ) {}

  async list(filter: ReservableProductFilter, page: PageRequest<ProductSortField>, output: ResponseOutput): Promise<Page<ProductDto>> {
    const conditions: string[] = ['r.state = 1'];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.name) conditions.push(`p.name ILIKE ${param(likePattern(filter.name))}`);
    if (filter.code !== undefined) conditions.push(`p.code = ${param(filter.code)}`);
    if (filter.tag_ids?.length) {
      conditions.push(
        `EXISTS (SELECT 1 FROM product_tag_records t WHERE t.product_id = p.product_id AND t.tag_id = ANY(${param(filter.tag_ids)}))`,
      );
    }
    if (filter.store_id !== undefined) {
      conditions.push(
        `EXISTS (SELECT 1 FROM product_reservation_prices x WHERE x.product_id = p.product_id AND x.state = 1
           AND (x.store_id IS NULL OR x.store_id = ${param(filter.store_id)}))`,
      );
    }
    const rows: { product_id: string }[] = await this.dataSource.query(
      `SELECT p.product_id FROM reservable_products r JOIN products p ON p.product_id = r.product_id WHERE ${conditions.join(' AND ')}`,
      params,
    );
    return this.products.describePage(
      rows.map((row) => row.product_id),
      page,
      output,
    );
  }

  async get(productId: string, output: ResponseOutput): Promise<ProductDto> {
    if (!(await this.isReservable(productId))) throw CommonException.recordNotFound('reservable-products', productId);
    return toProductDto(await this.products.get(productId), output);
  }

  /** Part of the name, the code or a PLU code, without regard to letter case; a page of matches by name. */
  async search(searchString: string, page: PageRequest<SearchSortField>, output: ResponseOutput): Promise<Page<SearchResult>> {
    const statement = rowPageStatement(
      {
        from: 'reservable_products r JOIN products p ON p.product_id = r.product_id',
        conditions: [
          'r.state = 1',
          `(p.name ILIKE $1 OR p.code ILIKE $1
            OR EXISTS (SELECT 1 FROM product_plu_ids x WHERE x.product_id = p.product_id AND x.code ILIKE $1))`,
        ],
        columns: `p.product_id, p.name,
          (SELECT jsonb_agg(jsonb_build_object('text_id', t.text_id, 'names', t.names) ORDER BY t.text_id)
             FROM product_tag_records tr JOIN tags t ON t.tag_id = tr.tag_id WHERE tr.product_id = p.product_id) AS tags`,
      },
      [likePattern(searchString)],
      page,
      SEARCH_SORT_COLUMNS,
      'product_id',
      'name',
    );
    const found = toRowPage(
      await this.dataSource.query<
        { product_id: string; name: string; tags: { text_id: string; names: Record<string, string> }[] | null; total_items: number }[]
      >(statement.sql, statement.params),
      'product_id',
    );
    return {
      total: found.total,
      items: found.items.map((row) => ({
        search_result_string: row.name,
        resource_id: row.product_id,
        flags: (row.tags ?? []).map((tag) => ({ name: textIn(tag.names, output) ?? tag.text_id, text_id: tag.text_id })),
      })),
    };
  }

  async isReservable(productId: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(
      `SELECT 1 FROM reservable_products WHERE product_id = $1 AND state = 1`,
      [productId],
    );
    return rows.length > 0;
  }

  /**
   * Takes the claimed amounts from the stock, or nothing: a product that cannot be reserved is a 400
   * `not_found` and a shortage a 400 `not_allowed_value`, each naming its item under `itemsField`. Runs
   * in the caller's transaction, which the refusal rolls back.
   */
  async take(claims: StockClaim[], itemsField: string, manager: EntityManager): Promise<void> {
    if (claims.length === 0) return;
    const productIds = [...new Set(claims.map((claim) => claim.productId))].sort();
    const locked: { product_id: string }[] = await manager.query(
      `SELECT product_id FROM reservable_products WHERE product_id = ANY($1) AND state = 1 ORDER BY product_id FOR UPDATE`,
      [productIds],
    );
    const reservable = new Set(locked.map((row) => row.product_id));
    const unknown = claims.findIndex((claim) => !reservable.has(claim.productId));
    if (unknown >= 0) {
      throw CommonException.invalid(
        `${itemsField}.${unknown}.reservable_product_id`,
        InvalidReason.NotFound,
        'No reservable product has this id',
        claims[unknown].productId,
      );
    }
    // The stock check is part of the UPDATE itself: a counter row that has too little is simply not updated.
    // The items of one product are summed as numeric, as the stock is kept. (TypeORM answers an UPDATE as
    // its rows and the affected count.)
    const [taken]: [{ product_id: string }[], number] = await manager.query(
      `UPDATE reservable_products r SET stock = r.stock - w.amount, last_change = now()
         FROM (SELECT c.product_id, sum(c.amount) AS amount
                 FROM unnest($1::varchar[], $2::numeric[]) AS c(product_id, amount) GROUP BY c.product_id) w
        WHERE r.product_id = w.product_id AND (r.stock IS NULL OR r.stock >= w.amount)
        RETURNING r.product_id`,
      [claims.map((claim) => claim.productId), claims.map((claim) => claim.amount)],
    );
    const served = new Set(taken.map((row) => row.product_id));
    const short = claims.map((claim, index) => ({ claim, index })).filter(({ claim }) => !served.has(claim.productId));
    if (short.length > 0) {
      throw CommonException.invalidParams(
        short.map(({ claim, index }) =>
          invalidParam(`${itemsField}.${index}.amount`, InvalidReason.NotAllowedValue, 'Not enough stock left to reserve', claim.amount),
        ),
      );
    }
  }

  /** Gives a cancelled reservation's amounts back to the stock of its products, deactivated ones too (they keep their stock). */
  async giveBack(reservationId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `SELECT r.product_id FROM reservable_products r
        WHERE r.product_id IN (SELECT product_id FROM product_reservation_items WHERE product_reservation_id = $1)
        ORDER BY r.product_id FOR UPDATE`,
      [reservationId],
    );
    await manager.query(
      `UPDATE reservable_products r SET stock = r.stock + i.amount, last_change = now()
         FROM (SELECT product_id, sum(amount) AS amount FROM product_reservation_items WHERE product_reservation_id = $1 GROUP BY product_id) i
        WHERE r.product_id = i.product_id AND r.stock IS NOT NULL`,
      [reservationId],
    );
  }
}
