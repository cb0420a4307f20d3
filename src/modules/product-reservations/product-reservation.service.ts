import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, groupBy, newId, readableCode } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  customerInScope,
  InvalidParam,
  invalidParam,
  InvalidReason,
  Page,
  PageRequest,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { CurrencyService, StoreService } from '../reference-data';
import { ExternalCodeDto, ProductReservationInputDto } from './dto/product-reservation.dto';
import {
  ProductReservationEntity,
  ProductReservationExternalCodeEntity,
  ProductReservationItemEntity,
  ProductReservationProgressEntity,
} from './entities/product-reservation.entity';
import { INITIAL_PROGRESS, progressMove, ReservationProgress } from './reservation-progress';
import { ReservationDefinitionService } from './reservation-definition.service';
import { ReservableProductService } from './reservable-product.service';
import { writeOutboxEvent } from '../../platform/outbox';

const RESOURCE = 'product-reservations';
/** Where a created reservation's fields sit in the request body, as its errors name them. */
const IN_BODY = 'product_reservation.';

const RESERVATION_SORT_COLUMNS = {
  product_reservation_id: 'r.id',
  customer_id: 'r.customerId',
  store_id: 'r.storeId',
  product_reservation_source_id: 'r.sourceId',
  actual_state: 'r.actualState',
  pickup_date: 'r.pickupDate',
  total_price: 'r.totalPrice',
  last_change: 'r.lastChange',
  state: 'r.state',
} as const;
export type ReservationSortField = keyof typeof RESERVATION_SORT_COLUMNS;
export const RESERVATION_SORT_FIELDS = Object.keys(RESERVATION_SORT_COLUMNS) as ReservationSortField[];

export interface ReservationFilter {
  customer_id?: string;
  store_id?: string;
  reservation_state?: ReservationProgress;
  external_reservation_list_type_id?: string;
  external_reservation_code?: string;
  include_reservation_progress_history?: boolean;
}

/** A reservation with what the response carries besides its own columns. */
export interface ReservationView {
  reservation: ProductReservationEntity;
  items: ProductReservationItemEntity[];
  externalCodes: ProductReservationExternalCodeEntity[];
  /** Newest first; empty when not asked for. */
  history: ProductReservationProgressEntity[];
}

/** The generated reservation code: 32^7 codes, so clashes are rare but do happen in a large project. */
const CODE_LENGTH = 7;
const CODE_ATTEMPTS = 5;

/**
 * Product reservations: creating one takes its items from the reservable products' stock (a conditional
 * UPDATE of each counter row, so concurrent reservations never take more than there is), and every
 * progress change goes through `progressMove`, appends to the history and writes an outbox event, all
 * in one transaction. Cancelling gives the stock back.
 */
@Injectable()
export class ProductReservationService {
  constructor(
    @InjectRepository(ProductReservationEntity) private readonly reservations: Repository<ProductReservationEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerAccountService,
    private readonly stores: StoreService,
    private readonly currencies: CurrencyService,
    private readonly definitions: ReservationDefinitionService,
    private readonly reservable: ReservableProductService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(actor: Actor, filter: ReservationFilter, page: PageRequest<ReservationSortField>): Promise<Page<ReservationView>> {
    const listType = filter.external_reservation_list_type_id;
    const code = filter.external_reservation_code;
    if ((listType === undefined) !== (code === undefined)) {
      const missing = listType === undefined ? 'external_reservation_list_type_id' : 'external_reservation_code';
      throw CommonException.invalid(missing, InvalidReason.Required, `${missing} is required with the other member of the pair`);
    }
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.reservations.createQueryBuilder('r');
    if (customerId !== undefined) query.andWhere('r.customer_id = :customerId', { customerId });
    if (filter.store_id !== undefined) query.andWhere('r.store_id = :storeId', { storeId: filter.store_id });
    // Cancelled reservations leave the list unless asked for by their code.
    if (filter.reservation_state !== undefined) query.andWhere('r.actual_state = :progress', { progress: filter.reservation_state });
    else query.andWhere('r.actual_state <> :cancelled', { cancelled: ReservationProgress.Cancelled });
    if (listType !== undefined && code !== undefined) {
      await this.definitions.requireListTypes([listType], () => 'external_reservation_list_type_id');
      query.andWhere(
        `EXISTS (SELECT 1 FROM product_reservation_external_codes x WHERE x.product_reservation_id = r.product_reservation_id
           AND x.product_reservation_external_list_type_id = :listType AND md5(x.value) = md5(:code) AND x.value = :code)`,
        { listType, code },
      );
    }
    const found = await fetchPage(query, page, RESERVATION_SORT_COLUMNS, 'r.id', { oneRowPerRecord: true });
    return { items: await this.views(found.items, filter.include_reservation_progress_history === true), total: found.total };
  }

  /** One reservation, cancelled ones included, with its history; another customer's is as absent as a missing one. */
  async get(actor: Actor, reservationId: string): Promise<ReservationView> {
    const reservation = visibleRecord(
      actor,
      await this.reservations.findOne({ where: { id: reservationId } }),
      (found) => found.customerId,
      RESOURCE,
      reservationId,
    );
    const [view] = await this.views([reservation], true);
    return view;
  }

  async create(actor: Actor, input: ProductReservationInputDto): Promise<string> {
    const customerId = customerInScope(actor, input.customer_id, `${IN_BODY}customer_id`);
    const items = input.product_reservation_items ?? [];
    const codes = input.external_reservation_codes ?? [];
    this.checkShape(input, items.length, codes);
    await this.stores.requireStore(input.store_id, `${IN_BODY}store_id`);
    if (input.currency_id !== undefined) await this.currencies.requireCurrency(input.currency_id, `${IN_BODY}currency_id`);
    await this.definitions.requireSource(input.product_reservation_source_id, `${IN_BODY}product_reservation_source_id`);
    await this.definitions.requireListTypes(
      codes.map((code) => code.external_code_type_id),
      (index) => `${IN_BODY}external_reservation_codes.${index}.external_code_type_id`,
    );
    const reservationId = newId();
    await this.dataSource.transaction(async (manager) => {
      await this.customers.requireCustomer(customerId, { field: `${IN_BODY}customer_id` }, manager);
      await this.reservable.take(
        items.map((item) => ({ productId: item.reservable_product_id, amount: item.amount })),
        `${IN_BODY}product_reservation_items`,
        manager,
      );
      await this.insertWithCode(manager, {
        id: reservationId,
        customerId,
        storeId: input.store_id,
        sourceId: input.product_reservation_source_id,
        benefitCodes: input.benefit_codes ?? [],
        customersNote: input.customers_note ?? null,
        totalPrice: input.total_price === undefined ? null : String(input.total_price),
        currencyId: input.currency_id ?? null,
        externalPurchaseId: input.external_purchase_id ?? null,
        utm: input.utm ? { ...input.utm } : null,
        actualState: INITIAL_PROGRESS,
      });
      if (items.length > 0) {
        await manager.insert(
          ProductReservationItemEntity,
          items.map((item, position) => ({
            reservationId,
            position,
            productId: item.reservable_product_id,
            amount: String(item.amount),
            unitPrice: item.unit_price === undefined ? null : String(item.unit_price),
            vatRate: item.vat_rate === undefined ? null : String(item.vat_rate),
          })),
        );
      }
      if (codes.length > 0) {
        await manager.insert(
          ProductReservationExternalCodeEntity,
          codes.map((code) => ({ reservationId, listTypeId: code.external_code_type_id, value: code.value })),
        );
      }
      await this.recordProgress(manager, reservationId, customerId, null, INITIAL_PROGRESS);
    });
    return reservationId;
  }

  /** Inserts the reservation under a random code; a clash with another reservation's code is retried with a new one. */
  private async insertWithCode(
    manager: EntityManager,
    reservation: Omit<Partial<ProductReservationEntity>, 'reservationCode'>,
  ): Promise<void> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ProductReservationEntity)
        .values({ ...reservation, reservationCode: readableCode(CODE_LENGTH) })
        .orIgnore()
        .returning('product_reservation_id')
        .execute();
      if ((inserted.raw as unknown[]).length > 0) return;
    }
    throw new Error('Could not allot a unique reservation code');
  }

  /** `change-reservation-state`: the reservation is named in the body. */
  async changeState(actor: Actor, reservationId: string, to: ReservationProgress): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const reservation = await this.lockInBody(manager, actor, reservationId);
      await this.move(manager, reservation, to);
    });
  }

  /** `cancel-reservation`: the reservation is named in the path, and the body repeats it. */
  async cancel(actor: Actor, pathId: string, bodyId: string): Promise<void> {
    if (bodyId !== pathId) {
      throw CommonException.invalid('product_reservation_id', InvalidReason.NotAllowedValue, 'Must repeat the id in the path', bodyId);
    }
    await this.dataSource.transaction(async (manager) => {
      const reservation = visibleRecord(actor, await this.lock(manager, pathId), (found) => found.customerId, RESOURCE, pathId);
      await this.move(manager, reservation, ReservationProgress.Cancelled);
    });
  }

  /** Each external list type named gets the value sent; the reservation's other external codes stay. */
  async setExternalCodes(actor: Actor, reservationId: string, codes: ExternalCodeDto[]): Promise<void> {
    this.checkDistinctTypes(codes, '');
    await this.definitions.requireListTypes(
      codes.map((code) => code.external_code_type_id),
      (index) => `external_reservation_codes.${index}.external_code_type_id`,
    );
    await this.dataSource.transaction(async (manager) => {
      await this.lockInBody(manager, actor, reservationId);
      if (codes.length === 0) return;
      await manager.query(
        `INSERT INTO product_reservation_external_codes (product_reservation_id, product_reservation_external_list_type_id, value)
         SELECT $1, c.type_id, c.value FROM unnest($2::varchar[], $3::text[]) AS c(type_id, value)
         ON CONFLICT (product_reservation_id, product_reservation_external_list_type_id) DO UPDATE SET value = EXCLUDED.value`,
        [reservationId, codes.map((code) => code.external_code_type_id), codes.map((code) => code.value)],
      );
      await manager.update(ProductReservationEntity, { id: reservationId }, { lastChange: () => 'now()' });
    });
  }

  /** Applies a move the state machine allows; the current code again changes nothing. */
  private async move(manager: EntityManager, reservation: ProductReservationEntity, to: ReservationProgress): Promise<void> {
    const move = progressMove(reservation.actualState, to);
    if (move.kind === 'unchanged') return;
    if (move.kind === 'refused') throw CommonException.invalid('state', InvalidReason.NotAllowedValue, move.reason, to);
    await manager.query(
      `UPDATE product_reservations SET actual_state = $2::smallint, last_change = now(),
              pickup_date = CASE WHEN $2::smallint = ${ReservationProgress.Delivered} THEN (now() AT TIME ZONE $3)::date ELSE pickup_date END
        WHERE product_reservation_id = $1`,
      [reservation.id, to, this.config.timeZone],
    );
    if (to === ReservationProgress.Cancelled) await this.reservable.giveBack(reservation.id, manager);
    await this.recordProgress(manager, reservation.id, reservation.customerId, reservation.actualState, to);
  }

  /** The history entry and its outbox event, in the caller's transaction. */
  private async recordProgress(
    manager: EntityManager,
    reservationId: string,
    customerId: string,
    from: ReservationProgress | null,
    to: ReservationProgress,
  ): Promise<void> {
    const entryId = newId();
    await manager.insert(ProductReservationProgressEntity, { id: entryId, reservationId, progress: to });
    await writeOutboxEvent(manager, {
      type: 'product_reservation_progress',
      customerId,
      externalId: reservationId,
      secondaryExternalId: entryId,
      data: { product_reservation_id: reservationId, previous_state: from, actual_state: to },
    });
  }

  /** The reservation named in a body, locked: unknown → 400 `not_found`, another customer's → 400 `not_belong_to_logged_in_customer`. */
  private async lockInBody(manager: EntityManager, actor: Actor, reservationId: string): Promise<ProductReservationEntity> {
    const reservation = await this.lock(manager, reservationId);
    if (!reservation) {
      throw CommonException.invalid('product_reservation_id', InvalidReason.NotFound, 'No product reservation has this id', reservationId);
    }
    if (actor.kind === 'device' && reservation.customerId !== customerInScope(actor, undefined)) {
      throw CommonException.invalid(
        'product_reservation_id',
        InvalidReason.NotBelongToLoggedInCustomer,
        "The reservation is not the logged-in customer's",
        reservationId,
      );
    }
    return reservation;
  }

  private lock(manager: EntityManager, reservationId: string): Promise<ProductReservationEntity | null> {
    return manager
      .getRepository(ProductReservationEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.product_reservation_id = :reservationId', { reservationId })
      .getOne();
  }

  /** What the body must hold besides what its DTO checks: items or external codes, and the field pairs. */
  private checkShape(input: ProductReservationInputDto, itemCount: number, codes: ExternalCodeDto[]): void {
    const problems: InvalidParam[] = [];
    if (itemCount === 0 && codes.length === 0) {
      problems.push(
        invalidParam(`${IN_BODY}product_reservation_items`, InvalidReason.Required, 'A reservation needs items or external codes'),
      );
    }
    if ((input.total_price === undefined) !== (input.currency_id === undefined)) {
      const missing = input.total_price === undefined ? 'total_price' : 'currency_id';
      problems.push(invalidParam(`${IN_BODY}${missing}`, InvalidReason.Required, 'total_price and currency_id go together'));
    }
    (input.product_reservation_items ?? []).forEach((item, index) => {
      if ((item.unit_price === undefined) !== (item.vat_rate === undefined)) {
        const missing = item.unit_price === undefined ? 'unit_price' : 'vat_rate';
        problems.push(
          invalidParam(
            `${IN_BODY}product_reservation_items.${index}.${missing}`,
            InvalidReason.Required,
            'unit_price and vat_rate go together',
          ),
        );
      }
    });
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    this.checkDistinctTypes(codes, IN_BODY);
  }

  /** A reservation has one code per external list type; `prefix` is where the codes' array sits in the body. */
  private checkDistinctTypes(codes: ExternalCodeDto[], prefix: string): void {
    const seen = new Set<string>();
    codes.forEach((code, index) => {
      if (seen.has(code.external_code_type_id)) {
        throw CommonException.invalid(
          `${prefix}external_reservation_codes.${index}.external_code_type_id`,
          InvalidReason.NotAllowedValue,
          'Each external list type may appear once',
          code.external_code_type_id,
        );
      }
      seen.add(code.external_code_type_id);
    });
  }

  /** Items, external codes and (when asked) the history of the reservations: three queries whatever their number. */
  private async views(reservations: ProductReservationEntity[], withHistory: boolean): Promise<ReservationView[]> {
    if (reservations.length === 0) return [];
    const ids = reservations.map((reservation) => reservation.id);
    const manager = this.dataSource.manager;
    const [items, codes, history] = await Promise.all([
      manager
        .getRepository(ProductReservationItemEntity)
        .createQueryBuilder('i')
        .where('i.product_reservation_id = ANY(:ids)', { ids })
        .orderBy('i.position')
        .getMany(),
      manager
        .getRepository(ProductReservationExternalCodeEntity)
        .createQueryBuilder('c')
        .where('c.product_reservation_id = ANY(:ids)', { ids })
        .orderBy('c.product_reservation_external_list_type_id')
        .getMany(),
      withHistory
        ? manager
            .getRepository(ProductReservationProgressEntity)
            .createQueryBuilder('h')
            .where('h.product_reservation_id = ANY(:ids)', { ids })
            .orderBy('h.changed_at', 'DESC')
            .addOrderBy('h.reservation_progress_entry_id', 'DESC')
            .getMany()
        : Promise.resolve([]),
    ]);
    const itemsOf = groupBy(items, (item) => item.reservationId);
    const codesOf = groupBy(codes, (code) => code.reservationId);
    const historyOf = groupBy(history, (entry) => entry.reservationId);
    return reservations.map((reservation) => ({
      reservation,
      items: itemsOf.get(reservation.id) ?? [],
      externalCodes: codesOf.get(reservation.id) ?? [],
      history: historyOf.get(reservation.id) ?? [],
    }));
  }
}
