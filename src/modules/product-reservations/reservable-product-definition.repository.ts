import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { ReservableProductDefinitionDto, ReservableProductDefinitionViewDto } from './dto/reservable-product-definition.dto';

interface ReservableProductRow {
  product_id: string;
  code: string | null;
  name: string;
  stock: string | null;
  state: number;
  last_change: Date;
}

const toView = (row: ReservableProductRow): ReservableProductDefinitionViewDto => ({
  product_id: row.product_id,
  code: row.code,
  name: row.name,
  stock: row.stock === null ? null : Number(row.stock),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = `r.product_id, p.code, p.name, r.stock::text AS stock, r.state, r.last_change`;

/**
 * Reservable products as the operator defines them, found by product id or product code. A row's id is
 * its product's, so a change sets the stock and cannot move it to another product. Deactivated, the
 * contract neither lists nor reads it and reservations and prices refuse it; its stock waits for it.
 */
@Injectable()
export class ReservableProductDefinitionRepository implements DefinitionStore<
  ReservableProductDefinitionDto,
  ReservableProductDefinitionViewDto
> {
  readonly kind = 'reservable_product';
  readonly resource = 'reservable-products';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<ReservableProductDefinitionViewDto>> {
    const found = await queryRowPage<ReservableProductRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'reservable_products r JOIN products p ON p.product_id = r.product_id',
        conditions: [
          '($1::text IS NULL OR p.name ILIKE $1 OR p.code ILIKE $1 OR r.product_id ILIKE $1)',
          '($2::smallint IS NULL OR r.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'product_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<ReservableProductDefinitionViewDto | null> {
    const [row] = await manager.query<ReservableProductRow[]>(
      `SELECT ${COLUMNS} FROM reservable_products r JOIN products p ON p.product_id = r.product_id
        WHERE r.product_id = $1 OR p.code = $1 ORDER BY r.product_id = $1 DESC, r.product_id LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: ReservableProductDefinitionViewDto): string {
    return view.product_id;
  }

  async insert(input: ReservableProductDefinitionDto, manager: EntityManager): Promise<string> {
    const productId = await this.productOf(input.product_id, manager);
    const [existing] = await manager.query<{ state: number }[]>(`SELECT state FROM reservable_products WHERE product_id = $1`, [productId]);
    if (existing) {
      const next = existing.state === 0 ? 'it is deactivated: activate it' : 'change its stock';
      throw CommonException.invalid(
        'product_id',
        InvalidReason.AlreadyExists,
        `The product is reservable already; ${next}`,
        input.product_id,
      );
    }
    await manager.query(`INSERT INTO reservable_products (product_id, stock) VALUES ($1, $2)`, [productId, input.stock ?? null]);
    return productId;
  }

  async update(id: string, input: ReservableProductDefinitionDto, manager: EntityManager): Promise<void> {
    if ((await this.productOf(input.product_id, manager)) !== id) {
      throw CommonException.invalid(
        'product_id',
        InvalidReason.NotAllowedValue,
        'A reservable product stays its product: define the other product instead',
        input.product_id,
      );
    }
    await manager.query(`UPDATE reservable_products SET stock = $2, last_change = now() WHERE product_id = $1`, [id, input.stock ?? null]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE reservable_products SET state = $2, last_change = now() WHERE product_id = $1`, [id, state]);
  }

  /** The product a key names by id or code; 400 `not_found` on `product_id` when none. */
  private async productOf(key: string, manager: EntityManager): Promise<string> {
    const [product] = await manager.query<{ product_id: string }[]>(
      `SELECT product_id FROM products WHERE product_id = $1 OR code = $1 ORDER BY product_id = $1 DESC, product_id LIMIT 1`,
      [key],
    );
    if (!product) throw CommonException.invalid('product_id', InvalidReason.NotFound, 'No product has this id or code', key);
    return product.product_id;
  }
}
