import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, groupBy, newId } from '@tessera/core';
import {
  CommonException,
  ErrorProcessing,
  InvalidReason,
  Page,
  PageRequest,
  RecordFailure,
  validateBatchRecord,
  writeBatch,
} from '@tessera/http';
import { ProductService } from '../catalogue';
import { CurrencyService, StoreService } from '../reference-data';
import { ReservationPriceRecordDto, ReservationPriceRefDto } from './dto/reservation-definitions.dto';
import { ProductReservationPriceEntity } from './entities/reservation-definitions.entity';
import { ReservableProductService } from './reservable-product.service';

const PRICE_SORT_COLUMNS = {
  product_reservation_price_id: 'x.id',
  reservable_product_id: 'x.productId',
  value: 'x.value',
  currency_id: 'x.currencyId',
  store_id: 'x.storeId',
  last_change: 'x.lastChange',
  state: 'x.state',
} as const;
export type PriceSortField = keyof typeof PRICE_SORT_COLUMNS;
export const PRICE_SORT_FIELDS = Object.keys(PRICE_SORT_COLUMNS) as PriceSortField[];

export interface PriceFilter {
  reservable_product_id?: string[];
  store_id?: string;
  currency_id?: string;
}

/** A price with its product's PLU ids. */
export interface PriceView {
  price: ProductReservationPriceEntity;
  pluIds: { list_code: string; code: string }[];
}

const RECORDS = 'product_reservation_prices';

/**
 * Reservation prices: one live price per reservable product, store (or none: every store) and currency.
 * The batch writes by that key, so sending a price again updates it; deleting marks it deleted (state 0)
 * and it leaves the lists. Both batches follow decision 22 through `error_processing`.
 */
@Injectable()
export class ReservationPriceService {
  constructor(
    @InjectRepository(ProductReservationPriceEntity) private readonly prices: Repository<ProductReservationPriceEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductService,
    private readonly reservable: ReservableProductService,
    private readonly stores: StoreService,
    private readonly currencies: CurrencyService,
  ) {}

  async list(filter: PriceFilter, page: PageRequest<PriceSortField>): Promise<Page<PriceView>> {
    const query = this.prices.createQueryBuilder('x').where('x.state = 1');
    if (filter.reservable_product_id?.length)
      query.andWhere('x.product_id = ANY(:productIds)', { productIds: filter.reservable_product_id });
    if (filter.store_id !== undefined) query.andWhere('x.store_id = :storeId', { storeId: filter.store_id });
    if (filter.currency_id !== undefined) query.andWhere('x.currency_id = :currencyId', { currencyId: filter.currency_id });
    const found = await fetchPage(query, page, PRICE_SORT_COLUMNS, 'x.id', { oneRowPerRecord: true });
    return { items: await this.views(found.items), total: found.total };
  }

  async get(priceId: string): Promise<PriceView> {
    const price = await this.prices.findOne({ where: { id: priceId, state: 1 } });
    if (!price) throw CommonException.recordNotFound('product-reservation-prices', priceId);
    const [view] = await this.views([price]);
    return view;
  }

  /** Creates or updates each price by its key; each record is checked on its own. */
  upsertBatch(records: unknown[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    return writeBatch(this.dataSource, records, mode, (raw, index, manager) => this.upsert(raw, `${RECORDS}.${index}`, manager));
  }

  /** Marks each price deleted; an unknown or already deleted one is a failed record. */
  deleteBatch(records: unknown[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    return writeBatch(this.dataSource, records, mode, async (raw, index, manager) => {
      const prefix = `${RECORDS}.${index}`;
      const checked = validateBatchRecord(ReservationPriceRefDto, raw, prefix);
      if (checked.params) throw CommonException.invalidParams(checked.params);
      const priceId = checked.record.product_reservation_price_id;
      if (!(await this.removeIn(manager, priceId))) {
        throw CommonException.invalid(`${prefix}.product_reservation_price_id`, InvalidReason.NotFound, 'No price has this id', priceId);
      }
    });
  }

  private async upsert(raw: unknown, prefix: string, manager: EntityManager): Promise<string> {
    const checked = validateBatchRecord(ReservationPriceRecordDto, raw, prefix);
    if (checked.params) throw CommonException.invalidParams(checked.params);
    const record = checked.record;
    const productId = await this.productOf(record, prefix, manager);
    await this.currencies.requireCurrency(record.currency_id, `${prefix}.currency_id`);
    if (record.store_id !== undefined) await this.stores.requireStore(record.store_id, `${prefix}.store_id`);
    const [{ id }]: { id: string }[] = await manager.query(
      `INSERT INTO product_reservation_prices (product_reservation_price_id, product_id, store_id, currency_id, value)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (product_id, coalesce(store_id, ''), currency_id) WHERE state = 1
       DO UPDATE SET value = EXCLUDED.value, last_change = now()
       RETURNING product_reservation_price_id AS id`,
      [newId(), productId, record.store_id ?? null, record.currency_id, record.value],
    );
    return id;
  }

  /** The reservable product a record names by id, by PLU ids, or by both (which must agree). */
  private async productOf(record: ReservationPriceRecordDto, prefix: string, manager: EntityManager): Promise<string> {
    const byId = record.reservable_product_id;
    const pluIds = record.plu_ids ?? [];
    if (byId === undefined && pluIds.length === 0) {
      throw CommonException.invalid(`${prefix}.reservable_product_id`, InvalidReason.Required, 'Name the product by id or by plu_ids');
    }
    if (byId !== undefined && !(await this.reservable.isReservable(byId, manager))) {
      throw CommonException.invalid(`${prefix}.reservable_product_id`, InvalidReason.NotFound, 'No reservable product has this id', byId);
    }
    if (pluIds.length === 0) return byId as string;
    const owners = [...new Set((await this.products.findByPluIds(pluIds, manager)).map((found) => found.product_id))];
    if (owners.length !== 1) {
      const problem = owners.length === 0 ? 'No product has these PLU ids' : 'The PLU ids belong to several products';
      throw CommonException.invalid(
        `${prefix}.plu_ids`,
        owners.length === 0 ? InvalidReason.NotFound : InvalidReason.NotAllowedValue,
        problem,
      );
    }
    if (byId !== undefined && owners[0] !== byId) {
      throw CommonException.invalid(
        `${prefix}.plu_ids`,
        InvalidReason.NotAllowedValue,
        'The PLU ids name another product than reservable_product_id',
      );
    }
    if (!(await this.reservable.isReservable(owners[0], manager))) {
      throw CommonException.invalid(`${prefix}.plu_ids`, InvalidReason.NotAllowedValue, 'The product cannot be reserved', owners[0]);
    }
    return owners[0];
  }

  private async removeIn(manager: EntityManager, priceId: string): Promise<boolean> {
    const [, removed]: [unknown[], number] = await manager.query(
      `UPDATE product_reservation_prices SET state = 0, last_change = now() WHERE product_reservation_price_id = $1 AND state = 1`,
      [priceId],
    );
    return removed > 0;
  }

  private async views(prices: ProductReservationPriceEntity[]): Promise<PriceView[]> {
    if (prices.length === 0) return [];
    const rows: { product_id: string; list_code: string; code: string }[] = await this.dataSource.query(
      `SELECT product_id, list_code, code FROM product_plu_ids WHERE product_id = ANY($1) ORDER BY list_code, code`,
      [[...new Set(prices.map((price) => price.productId))]],
    );
    const plusOf = groupBy(rows, (row) => row.product_id);
    return prices.map((price) => ({
      price,
      pluIds: (plusOf.get(price.productId) ?? []).map((row) => ({ list_code: row.list_code, code: row.code })),
    }));
  }
}
