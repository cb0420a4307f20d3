import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, groupBy } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  customerInScope,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import {
  CreditLedgerService,
  PointEntity,
  PointLedgerService,
  PointSortField,
  VoucherService,
  VoucherSortField,
  VoucherView,
} from '../loyalty';
import { PurchasePropertyService } from './definitions/purchase-property.service';
import { CustomerPurchaseListQueryDto, PurchaseFilter, PurchaseInputDto } from './dto/purchase.dto';
import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchasePointEntity, PurchaseVoucherEntity } from './entities/purchase-links.entity';
import { PurchaseItemPropertyRecordEntity, PurchasePropertyRecordEntity } from './entities/purchase-property-record.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { PurchaseClosureService } from './purchase-closure.service';

const PURCHASE_SORT_COLUMNS = {
  purchase_id: 'p.id',
  customer_id: 'p.customerId',
  store_id: 'p.storeId',
  external_purchase_id: 'p.externalPurchaseId',
  payment_time: 'p.paymentTime',
  items_count: 'p.itemsCount',
  type_id: 'p.purchaseTypeId',
  total_price: 'p.totalPrice',
  currency_id: 'p.currencyId',
  cashdesk_number: 'p.cashdeskNumber',
  last_change: 'p.lastChange',
} as const;
export type PurchaseSortField = keyof typeof PURCHASE_SORT_COLUMNS;
export const PURCHASE_SORT_FIELDS = Object.keys(PURCHASE_SORT_COLUMNS) as PurchaseSortField[];

const PURCHASE_ITEM_SORT_COLUMNS = {
  purchase_item_id: 'i.id',
  product_id: 'i.productId',
  product_name: 'i.productName',
  purchase_item_type_id: 'i.purchaseItemTypeId',
  price: 'i.price',
  amount: 'i.amount',
  vat_rate: 'i.vatRate',
} as const;
export type PurchaseItemSortField = keyof typeof PURCHASE_ITEM_SORT_COLUMNS;
export const PURCHASE_ITEM_SORT_FIELDS = Object.keys(PURCHASE_ITEM_SORT_COLUMNS) as PurchaseItemSortField[];

/** A property value of a purchase or a purchase item, with its property's name. */
export interface PurchasePropertyRecordView {
  ownerId: string;
  propertyId: string;
  propertyName: string | null;
  value: unknown;
  lastChange: Date;
}

export interface PurchaseItemView {
  item: PurchaseItemEntity;
  properties: PurchasePropertyRecordView[];
}

/** A purchase with the parts a response asked for (empty lists when it did not). */
export interface PurchaseView {
  purchase: PurchaseEntity;
  items: PurchaseItemView[];
  properties: PurchasePropertyRecordView[];
}

export interface PaymentSummary {
  purchase: PurchaseEntity;
  vouchers: VoucherView[];
}

interface PurchaseParts {
  items: boolean;
  properties: boolean;
}

/**
 * Reading purchases: lists (all, a customer's, those that moved a point or credit record), one purchase
 * with its items, vouchers, points and payment summary. On the Customer interface only the logged-in
 * customer's purchases are seen. PUT, the one write, assigns an anonymous purchase its customer.
 */
@Injectable()
export class PurchaseQueryService {
  constructor(
    @InjectRepository(PurchaseEntity) private readonly purchases: Repository<PurchaseEntity>,
    @InjectRepository(PurchaseItemEntity) private readonly items: Repository<PurchaseItemEntity>,
    @InjectRepository(PurchaseVoucherEntity) private readonly voucherLinks: Repository<PurchaseVoucherEntity>,
    @InjectRepository(PurchasePointEntity) private readonly pointLinks: Repository<PurchasePointEntity>,
    @InjectRepository(PurchasePropertyRecordEntity) private readonly propertyRecords: Repository<PurchasePropertyRecordEntity>,
    @InjectRepository(PurchaseItemPropertyRecordEntity) private readonly itemPropertyRecords: Repository<PurchaseItemPropertyRecordEntity>,
    private readonly properties: PurchasePropertyService,
    private readonly customers: CustomerAccountService,
    private readonly points: PointLedgerService,
    private readonly credits: CreditLedgerService,
    private readonly vouchers: VoucherService,
    private readonly closure: PurchaseClosureService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- lists ----

  async list(actor: Actor, filter: PurchaseFilter, page: PageRequest<PurchaseSortField>): Promise<Page<PurchaseView>> {
    const query = this.filtered({ ...filter, customer_id: customerFilterInScope(actor, filter.customer_id) });
    return this.viewPage(query, page, {
      items: filter.purchase_items_extension === true,
      properties: filter.include_property_records === true,
    });
  }

  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: CustomerPurchaseListQueryDto,
    page: PageRequest<PurchaseSortField>,
  ): Promise<Page<PurchaseView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, { inPath: true });
    const query = this.filtered({ ...filter, customer_id: customerId });
    return this.viewPage(query, page, { items: filter.purchase_items_extension === true, properties: false });
  }

  /** Purchases that wrote, spent or reversed the point record (404 when the caller cannot see it). */
  async listForPoint(
    actor: Actor,
    pointId: string,
    filter: PurchaseFilter,
    page: PageRequest<PurchaseSortField>,
  ): Promise<Page<PurchaseView>> {
    await this.points.get(actor, pointId);
    const query = this.filtered({ ...filter, customer_id: customerFilterInScope(actor, filter.customer_id) }).andWhere(
      'EXISTS (SELECT 1 FROM purchase_points l WHERE l.purchase_id = p.purchase_id AND l.point_id = :pointId)',
      { pointId },
    );
    return this.viewPage(query, page, { items: filter.purchase_items_extension === true, properties: false });
  }

  /** Purchases that paid with or reversed the credit record (404 when the caller cannot see it). */
  async listForCredit(
    actor: Actor,
    creditId: string,
    filter: PurchaseFilter,
    page: PageRequest<PurchaseSortField>,
  ): Promise<Page<PurchaseView>> {
    await this.credits.get(actor, creditId);
    const query = this.filtered({ ...filter, customer_id: customerFilterInScope(actor, filter.customer_id) }).andWhere(
      'EXISTS (SELECT 1 FROM purchase_credits l WHERE l.purchase_id = p.purchase_id AND l.credit_id = :creditId)',
      { creditId },
    );
    return this.viewPage(query, page, { items: filter.purchase_items_extension === true, properties: false });
  }

  // ---- one purchase ----

  /** The detail always carries the items and property values: it is where a client reads a whole bill. */
  async get(actor: Actor, purchaseId: string): Promise<PurchaseView> {
    const [view] = await this.views([await this.visible(actor, purchaseId)], { items: true, properties: true });
    return view;
  }

  async listItems(actor: Actor, purchaseId: string, page: PageRequest<PurchaseItemSortField>): Promise<Page<PurchaseItemView>> {
    await this.visible(actor, purchaseId);
    const query = this.items.createQueryBuilder('i').where('i.purchase_id = :purchaseId', { purchaseId });
    const rows = await fetchPage(query, page, PURCHASE_ITEM_SORT_COLUMNS, 'i.id', { defaultOrder: 'i.position', oneRowPerRecord: true });
    return { items: await this.itemViews(rows.items), total: rows.total };
  }

  async listVouchers(actor: Actor, purchaseId: string, page: PageRequest<VoucherSortField>): Promise<Page<VoucherView>> {
    await this.visible(actor, purchaseId);
    return this.vouchers.describePage(await this.voucherIdsOf(purchaseId), page);
  }

  async listPoints(actor: Actor, purchaseId: string, page: PageRequest<PointSortField>): Promise<Page<PointEntity>> {
    await this.visible(actor, purchaseId);
    const links = await this.pointLinks.find({ where: { purchaseId } });
    return this.points.describePage(
      links.map((link) => link.pointId),
      page,
    );
  }

  async paymentSummary(actor: Actor, purchaseId: string): Promise<PaymentSummary> {
    const purchase = await this.visible(actor, purchaseId);
    const voucherIds = await this.voucherIdsOf(purchaseId);
    const vouchers = await this.vouchers.describePage(voucherIds, { limit: voucherIds.length, offset: 0, sortDirection: 'ASC' });
    return { purchase, vouchers: vouchers.items };
  }

  // ---- PUT ----

  /**
   * Only the customer and card are writable, and only once: giving an anonymous purchase its customer
   * is assign-customer (which awards the points it earned); a purchase that has a customer keeps it,
   * so the same values again change nothing and other values are refused.
   */
  async replace(actor: Actor, purchaseId: string, input: PurchaseInputDto): Promise<void> {
    const purchase = await this.visible(actor, purchaseId);
    if (input.customer_id === undefined && input.card_number === undefined) {
      throw CommonException.invalid('purchase.customer_id', InvalidReason.Required, 'customer_id or card_number is required');
    }
    if (purchase.customerId === null) {
      await this.closure.assignCustomer(actor, {
        store_id: purchase.storeId,
        external_purchase_id: purchase.externalPurchaseId,
        customer_id: input.customer_id,
        card_number: input.card_number,
      });
      return;
    }
    if (input.customer_id !== undefined && input.customer_id !== purchase.customerId) {
      throw CommonException.invalid(
        'purchase.customer_id',
        InvalidReason.NotAllowedValue,
        'The purchase already belongs to another customer',
        input.customer_id,
      );
    }
    if (input.card_number !== undefined && input.card_number !== purchase.cardNumber) {
      throw CommonException.invalid(
        'purchase.card_number',
        InvalidReason.NotAllowedValue,
        'The card of a purchase with a customer cannot be changed',
        input.card_number,
      );
    }
  }

  // ---- internals ----

  private filtered(filter: PurchaseFilter): SelectQueryBuilder<PurchaseEntity> {
    const query = this.purchases.createQueryBuilder('p');
    if (filter.customer_id !== undefined) query.andWhere('p.customer_id = :customerId', { customerId: filter.customer_id });
    if (filter.store_id !== undefined) query.andWhere('p.store_id = :storeId', { storeId: filter.store_id });
    if (filter.type_id !== undefined) query.andWhere('p.purchase_type_id = :typeId', { typeId: filter.type_id });
    if (filter.external_purchase_id !== undefined)
      query.andWhere('p.external_purchase_id = :externalId', { externalId: filter.external_purchase_id });
    const from = optionalRequestDateTime(filter.payment_time_from, 'payment_time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.payment_time_to, 'payment_time_to', this.config.timeZone);
    if (from) query.andWhere('p.payment_time >= :from', { from });
    if (to) query.andWhere('p.payment_time <= :to', { to });
    return query;
  }

  private async viewPage(
    query: SelectQueryBuilder<PurchaseEntity>,
    page: PageRequest<PurchaseSortField>,
    parts: PurchaseParts,
  ): Promise<Page<PurchaseView>> {
    const rows = await fetchPage(query, page, PURCHASE_SORT_COLUMNS, 'p.id', { defaultOrder: 'p.paymentTime', oneRowPerRecord: true });
    return { items: await this.views(rows.items, parts), total: rows.total };
  }

  private async views(purchases: PurchaseEntity[], parts: PurchaseParts): Promise<PurchaseView[]> {
    const purchaseIds = purchases.map((purchase) => purchase.id);
    const [items, properties] = await Promise.all([
      parts.items && purchaseIds.length > 0
        ? this.items
            .find({ where: { purchaseId: In(purchaseIds) }, order: { purchaseId: 'ASC', position: 'ASC' } })
            .then((rows) => this.itemViews(rows))
        : [],
      parts.properties && purchaseIds.length > 0 ? this.purchaseProperties(purchaseIds) : [],
    ]);
    const itemsOf = groupBy(items, (view) => view.item.purchaseId);
    const propertiesOf = groupBy(properties, (record) => record.ownerId);
    return purchases.map((purchase) => ({
      purchase,
      items: itemsOf.get(purchase.id) ?? [],
      properties: propertiesOf.get(purchase.id) ?? [],
    }));
  }

  private async itemViews(items: PurchaseItemEntity[]): Promise<PurchaseItemView[]> {
    if (items.length === 0) return [];
    const records = await this.itemPropertyRecords.find({
      where: { purchaseItemId: In(items.map((item) => item.id)) },
      order: { propertyId: 'ASC' },
    });
    const names = await this.properties.names('purchase_item', [...new Set(records.map((record) => record.propertyId))]);
    const propertiesOf = groupBy(
      records.map((record) => this.recordView(record.purchaseItemId, record, names)),
      (view) => view.ownerId,
    );
    return items.map((item) => ({ item, properties: propertiesOf.get(item.id) ?? [] }));
  }

  private async purchaseProperties(purchaseIds: string[]): Promise<PurchasePropertyRecordView[]> {
    const records = await this.propertyRecords.find({ where: { purchaseId: In(purchaseIds) }, order: { propertyId: 'ASC' } });
    const names = await this.properties.names('purchase', [...new Set(records.map((record) => record.propertyId))]);
    return records.map((record) => this.recordView(record.purchaseId, record, names));
  }

  private recordView(
    ownerId: string,
    record: { propertyId: string; propertyValue: unknown; lastChange: Date },
    names: Map<string, string>,
  ): PurchasePropertyRecordView {
    return {
      ownerId,
      propertyId: record.propertyId,
      propertyName: names.get(record.propertyId) ?? null,
      value: record.propertyValue,
      lastChange: record.lastChange,
    };
  }

  private async voucherIdsOf(purchaseId: string): Promise<string[]> {
    const links = await this.voucherLinks.find({ where: { purchaseId } });
    return links.map((link) => link.voucherId);
  }

  /** The purchase, or 404 when it does not exist or (on the Customer interface) is not the logged-in customer's. */
  private async visible(actor: Actor, purchaseId: string): Promise<PurchaseEntity> {
    const purchase = await this.purchases.findOne({ where: { id: purchaseId } });
    return visibleRecord(actor, purchase, (record) => record.customerId, 'purchases', purchaseId);
  }
}
