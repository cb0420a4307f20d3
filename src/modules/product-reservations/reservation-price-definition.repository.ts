import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CurrencyService, StoreService } from '../reference-data';
import { ReservationPriceDefinitionDto, ReservationPriceDefinitionViewDto } from './dto/reservation-price-definition.dto';
import { ReservableProductService } from './reservable-product.service';

interface PriceRow {
  product_reservation_price_id: string;
  product_id: string;
  store_id: string | null;
  currency_id: string;
  value: string;
  state: number;
  last_change: Date;
}

const toView = (row: PriceRow): ReservationPriceDefinitionViewDto => ({
  product_reservation_price_id: row.product_reservation_price_id,
  product_id: row.product_id,
  store_id: row.store_id,
  currency_id: row.currency_id,
  value: Number(row.value),
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = `x.product_reservation_price_id, x.product_id, x.store_id, x.currency_id, x.value::text AS value, x.state, x.last_change`;

/** A listed price also carries what the list is ordered by: its product's name, and whether it is one store's (every store's first). */
interface ListedPriceRow extends PriceRow {
  product_name: string;
  for_store: boolean;
}

/** A price's references as ids, whatever human keys the operator typed. */
interface ResolvedPrice {
  productId: string;
  storeId: string | null;
  currencyId: string;
}

/**
 * Reservation prices as the operator defines them, found by id. The product may be named by its code,
 * the store by its store code and the currency by its ISO code. Only one live price may have a product,
 * store (or none: every store) and currency, the key the contract's price batch writes by; a deactivated
 * price is what the contract calls deleted.
 */
@Injectable()
export class ReservationPriceDefinitionRepository implements DefinitionStore<
  ReservationPriceDefinitionDto,
  ReservationPriceDefinitionViewDto
> {
  readonly kind = 'reservation_price';
  readonly resource = 'product-reservation-prices';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reservable: ReservableProductService,
    private readonly stores: StoreService,
    private readonly currencies: CurrencyService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<ReservationPriceDefinitionViewDto>> {
    const found = await queryRowPage<ListedPriceRow>(
      this.dataSource,
      {
        columns: `${COLUMNS}, p.name AS product_name, x.store_id IS NOT NULL AS for_store`,
        from: 'product_reservation_prices x JOIN products p ON p.product_id = x.product_id',
        conditions: [
          '($1::text IS NULL OR p.name ILIKE $1 OR p.code ILIKE $1 OR x.product_id ILIKE $1)',
          '($2::smallint IS NULL OR x.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['product_name', 'product_id', 'for_store', 'store_id', 'currency_id'],
        id: 'product_reservation_price_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<ReservationPriceDefinitionViewDto | null> {
    const [row] = await manager.query<PriceRow[]>(
      `SELECT ${COLUMNS} FROM product_reservation_prices x WHERE product_reservation_price_id = $1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: ReservationPriceDefinitionViewDto): string {
    return view.product_reservation_price_id;
  }

  async insert(input: ReservationPriceDefinitionDto, manager: EntityManager): Promise<string> {
    const price = await this.resolved(input, manager);
    await this.assertKeyFree(price, null, 'product_id', manager);
    const id = newId();
    await manager.query(
      `INSERT INTO product_reservation_prices (product_reservation_price_id, product_id, store_id, currency_id, value) VALUES ($1, $2, $3, $4, $5)`,
      [id, price.productId, price.storeId, price.currencyId, input.value],
    );
    return id;
  }

  async update(id: string, input: ReservationPriceDefinitionDto, manager: EntityManager): Promise<void> {
    const price = await this.resolved(input, manager);
    const [{ state }] = await manager.query<{ state: number }[]>(
      `SELECT state FROM product_reservation_prices WHERE product_reservation_price_id = $1`,
      [id],
    );
    if (state === 1) await this.assertKeyFree(price, id, 'product_id', manager);
    await manager.query(
      `UPDATE product_reservation_prices SET product_id = $2, store_id = $3, currency_id = $4, value = $5, last_change = now()
        WHERE product_reservation_price_id = $1`,
      [id, price.productId, price.storeId, price.currencyId, input.value],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    if (state === 1) {
      const [price] = await manager.query<{ product_id: string; store_id: string | null; currency_id: string }[]>(
        `SELECT product_id, store_id, currency_id FROM product_reservation_prices WHERE product_reservation_price_id = $1`,
        [id],
      );
      await this.assertKeyFree(
        { productId: price.product_id, storeId: price.store_id, currencyId: price.currency_id },
        id,
        'state',
        manager,
      );
    }
    await manager.query(`UPDATE product_reservation_prices SET state = $2, last_change = now() WHERE product_reservation_price_id = $1`, [
      id,
      state,
    ]);
  }

  /** The product, store and currency the input names by id or human key, each checked; errors name the field. */
  private async resolved(input: ReservationPriceDefinitionDto, manager: EntityManager): Promise<ResolvedPrice> {
    const [row] = await manager.query<{ product_id: string | null; store_id: string | null; currency_id: string | null }[]>(
      `SELECT (SELECT r.product_id FROM reservable_products r JOIN products p ON p.product_id = r.product_id
                WHERE r.product_id = $1 OR p.code = $1 ORDER BY r.product_id = $1 DESC, r.state DESC, r.product_id LIMIT 1) AS product_id,
              (SELECT store_id FROM stores WHERE store_id = $2 OR store_code = $2 ORDER BY store_id = $2 DESC LIMIT 1) AS store_id,
              (SELECT currency_id FROM currencies WHERE currency_id = $3 OR code = upper($3) ORDER BY currency_id = $3 DESC LIMIT 1) AS currency_id`,
      [input.product_id, input.store_id ?? null, input.currency_id],
    );
    if (row.product_id === null || !(await this.reservable.isReservable(row.product_id, manager))) {
      throw CommonException.invalid(
        'product_id',
        InvalidReason.NotFound,
        'No active reservable product has this id or code',
        input.product_id,
      );
    }
    const storeKey = input.store_id ?? null;
    if (storeKey !== null) await this.stores.requireStore(row.store_id ?? storeKey, 'store_id');
    await this.currencies.requireCurrency(row.currency_id ?? input.currency_id, 'currency_id');
    return { productId: row.product_id, storeId: storeKey === null ? null : row.store_id, currencyId: row.currency_id as string };
  }

  private async assertKeyFree(price: ResolvedPrice, ownId: string | null, field: string, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<{ product_reservation_price_id: string }[]>(
      `SELECT product_reservation_price_id FROM product_reservation_prices
        WHERE product_id = $1 AND coalesce(store_id, '') = coalesce($2, '') AND currency_id = $3 AND state = 1
          AND product_reservation_price_id IS DISTINCT FROM $4`,
      [price.productId, price.storeId, price.currencyId, ownId],
    );
    if (clash) {
      throw CommonException.invalid(
        field,
        InvalidReason.AlreadyExists,
        `Price ${clash.product_reservation_price_id} is live for this product, store and currency: change that one`,
        field === 'state' ? 1 : price.productId,
      );
    }
  }
}
