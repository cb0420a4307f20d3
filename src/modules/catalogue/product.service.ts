import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, newId, within, preparedQuery } from '@tessera/core';
import {
  BatchFailures,
  CommonException,
  ErrorProcessing,
  InvalidReason,
  Page,
  PageRequest,
  RecordFailure,
  validateBatchRecord,
  ResponseOutput,
} from '@tessera/http';
import { writeDroppingMissingReferences } from './batch/reference-retry';
import { CatalogueException } from './catalogue.exceptions';
import { toProductDto } from './catalogue.mapper';
import { ProductBatchRecordDto, ProductDto } from './dto/product.dto';
import {
  ProductEntity,
  ProductPluIdEntity,
  ProductPriceEntity,
  ProductPropertyRecord,
  ProductTagRecordEntity,
} from './entities/product.entity';
import { ProductBrandService } from './product-brand.service';
import { ProductGroupService } from './product-group.service';
import { ProductPropertyService } from './product-property.service';
import { TagService } from './tag.service';
import { ChangeFeed } from '../../platform/change-feed';

export const PRODUCT_SORT_FIELDS = [
  'product_id',
  'name',
  'code',
  'product_group_id',
  'product_brand_id',
  'partner_id',
  'last_change',
  'state',
] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** How each sort field reads from a `p` alias. */
const PRODUCT_SORT_COLUMNS = {
  product_id: 'p.id',
  name: 'p.name',
  code: 'p.code',
  product_group_id: 'p.productGroupId',
  product_brand_id: 'p.productBrandId',
  partner_id: 'p.partnerId',
  last_change: 'p.lastChange',
  state: 'p.state',
};

export interface ProductFilter {
  name?: string;
  code?: string;
  external_id?: string;
  external_type_code?: string;
  tag_ids?: string[];
  partner_id?: string;
}

/** A validated product record, resolved to the id it is written under and the ids it refers to. */
interface ProductRow {
  index: number;
  record: ProductBatchRecordDto;
  productId: string;
  isNew: boolean;
  groupId: string | null;
  brandId: string | null;
  pluIds: { list_code: string; code: string }[];
  tagIds: string[];
  propertyRecords: ProductPropertyRecord[] | null;
}

/** A bill line as product learning sees it. */
export interface BillLineProduct {
  pluIds: { list_code: string; code: string }[];
  name: string;
  /** The external id of the product group a learnt product goes to. */
  category?: string;
}

/** A product with the names purchases keep. */
export interface BillProduct {
  productId: string;
  productName: string;
  productGroupId: string | null;
  productGroupName: string | null;
  productBrandId: string | null;
  productBrandName: string | null;
}

/** A bill line's product with its tags, which earning rules may name. */
/** The tables a bill's product (with its PLU ids, group and brand names and tags) is read from. */
const BILL_PRODUCT_TABLES = ['products', 'product_plu_ids', 'product_groups', 'product_brands', 'product_tag_records'];
/** PLU keys kept at most; past it the cache starts again (a day's bills name far fewer). */
const BILL_PRODUCT_CACHE_SIZE = 100_000;

export interface TaggedBillProduct extends BillProduct {
  tagIds: string[];
}

/** SQL selecting the ids of the products whose code is in `codeParam`, for other contexts' statements. */
export function productIdsWithCodeSql(codeParam: string): string {
  return `SELECT coded.product_id FROM products coded WHERE coded.code = ${codeParam}`;
}

/** Serialises product batches: matching by PLU id and inserting new PLU ids must not interleave. */
const PRODUCT_BATCH_LOCK = 'tessera.catalogue.products.batch';

const pluKey = (listCode: string, code: string) => `${listCode}\u0000${code}`;

@Injectable()
export class ProductService {
  constructor(
    @InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>,
    @InjectRepository(ProductPluIdEntity) private readonly pluIds: Repository<ProductPluIdEntity>,
    @InjectRepository(ProductPriceEntity) private readonly prices: Repository<ProductPriceEntity>,
    @InjectRepository(ProductTagRecordEntity) private readonly tagRecords: Repository<ProductTagRecordEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly groups: ProductGroupService,
    private readonly brands: ProductBrandService,
    private readonly tags: TagService,
    private readonly properties: ProductPropertyService,
    private readonly changes: ChangeFeed,
  ) {
    changes.on(BILL_PRODUCT_TABLES, () => {
      this.billProductCache.clear();
      this.billProductGeneration += 1;
    });
  }

  /**
   * Stored products of the PLU ids bills named, by PLU key: shops sell the same products all day, so a
   * bill's lines are found in memory instead of by a statement while the customer is locked. Dropped on
   * every instance by any change to the tables they come from (decision 29); served only while the change
   * feed listens.
   */
  private readonly billProductCache = new Map<string, TaggedBillProduct>();
  private billProductGeneration = 0;

  async list(filter: ProductFilter, page: PageRequest<ProductSortField>): Promise<Page<ProductEntity>> {
    const query = this.products.createQueryBuilder('p');
    if (filter.name) query.andWhere('p.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.code) query.andWhere('p.code = :code', { code: filter.code });
    if (filter.partner_id) query.andWhere('p.partner_id = :partnerId', { partnerId: filter.partner_id });
    if (filter.external_id) {
      const inList = filter.external_type_code ? 'AND x.list_code = :listCode' : '';
      query.andWhere(`EXISTS (SELECT 1 FROM product_plu_ids x WHERE x.product_id = p.product_id AND x.code = :pluCode ${inList})`, {
        pluCode: filter.external_id,
        listCode: filter.external_type_code,
      });
    }
    if (filter.tag_ids?.length) {
      query.andWhere('EXISTS (SELECT 1 FROM product_tag_records r WHERE r.product_id = p.product_id AND r.tag_id = ANY(:tagIds))', {
        tagIds: filter.tag_ids,
      });
    }
    const page_ = await fetchPage(query, page, PRODUCT_SORT_COLUMNS, 'p.id', { oneRowPerRecord: true });
    await this.loadDetails(page_.items);
    return page_;
  }

  async get(productId: string): Promise<ProductEntity> {
    const product = await this.products.findOne({ where: { id: productId } });
    if (!product) throw CommonException.recordNotFound('products', productId);
    await this.loadDetails([product]);
    return product;
  }

  /** One page of the products among `productIds` as response DTOs, for lists other contexts answer. */
  async describePage(productIds: string[], page: PageRequest<ProductSortField>, output: ResponseOutput): Promise<Page<ProductDto>> {
    if (productIds.length === 0) return { items: [], total: 0 };
    const query = this.products.createQueryBuilder('p').where('p.product_id = ANY(:ids)', { ids: productIds });
    const found = await fetchPage(query, page, PRODUCT_SORT_COLUMNS, 'p.id', { oneRowPerRecord: true });
    await this.loadDetails(found.items);
    return { items: found.items.map((product) => toProductDto(product, output)), total: found.total };
  }

  /** The products owning these PLU ids (list code + code), in one query; PLU ids no product has are left out. */
  async findByPluIds(
    pluIds: { list_code: string; code: string }[],
    manager?: EntityManager,
  ): Promise<{ list_code: string; code: string; product_id: string }[]> {
    const found = await this.storedPluIds(manager ?? this.dataSource.manager, pluIds);
    return pluIds.flatMap((plu) => {
      const productId = found.get(pluKey(plu.list_code, plu.code));
      return productId === undefined ? [] : [{ list_code: plu.list_code, code: plu.code, product_id: productId }];
    });
  }

  /**
   * The products of bill lines, found by any of each line's PLU ids. With `learn`, a line whose PLU ids no
   * product has becomes a new product named after the line, in the group whose external id is its
   * category (product learning); without it (a calculation that must not write) the line has no product.
   * One statement when every line is known, whatever their number; learning adds three.
   */
  async billProducts(lines: BillLineProduct[], learn: boolean, manager: EntityManager): Promise<(TaggedBillProduct | null)[]> {
    const wanted = lines.flatMap((line) => line.pluIds);
    let found = await this.pluProducts(manager, wanted);
    const productOf = (line: BillLineProduct) =>
      line.pluIds.map((plu) => found.get(pluKey(plu.list_code, plu.code))).find((product) => product !== undefined);
    if (learn && lines.some((line) => productOf(line) === undefined && line.pluIds.length > 0)) {
      // The batch lock keeps two bills learning the same PLU id from creating two products. It is a statement
      // of its own, taken before a read whose snapshot follows it: read again, then learn what is still unknown.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PRODUCT_BATCH_LOCK]);
      found = await this.pluProducts(manager, wanted);
      const products: { id: string; name: string; category: string | null }[] = [];
      const plus: { list_code: string; code: string; productId: string }[] = [];
      const learnt = new Map<string, string>();
      for (const line of lines) {
        const known = line.pluIds.some((plu) => found.has(pluKey(plu.list_code, plu.code)) || learnt.has(pluKey(plu.list_code, plu.code)));
        if (known || line.pluIds.length === 0) continue;
        const productId = newId();
        products.push({ id: productId, name: line.name, category: line.category ?? null });
        for (const plu of line.pluIds) {
          const key = pluKey(plu.list_code, plu.code);
          if (learnt.has(key)) continue;
          plus.push({ ...plu, productId });
          learnt.set(key, productId);
        }
      }
      const created = new Map(
        (products.length === 0 ? [] : await this.learnProducts(manager, products, plus)).map((product) => [product.productId, product]),
      );
      // A product learnt from a bill has no tags yet.
      for (const [key, productId] of learnt) found.set(key, { ...(created.get(productId) as BillProduct), tagIds: [] });
    }
    return lines.map((line) => productOf(line) ?? null);
  }

  /** The stored products of the lines' PLU ids with the names purchases keep, by PLU key. */
  private async pluProducts(
    manager: EntityManager,
    pluIds: { list_code: string; code: string }[],
  ): Promise<Map<string, TaggedBillProduct>> {
    if (pluIds.length === 0) return new Map();
    const cached = this.cachedBillProducts(pluIds);
    if (cached) return cached;
    const generation = this.billProductGeneration;
    const rows = await preparedQuery<TaggedBillProduct & { list_code: string; code: string }>(
      manager,
      'bill-line-products',
      `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[]) AS wanted(list_code, code)),
       found AS (
         SELECT x.list_code, x.code, p.product_id AS "productId", p.name AS "productName", p.product_group_id AS "productGroupId",
                g.name AS "productGroupName", p.product_brand_id AS "productBrandId", b.name AS "productBrandName",
                ARRAY(SELECT t.tag_id FROM product_tag_records t WHERE t.product_id = p.product_id ORDER BY t.tag_id) AS "tagIds"
           FROM wanted
           JOIN product_plu_ids x ON x.list_code = wanted.list_code AND x.code = wanted.code
           JOIN products p ON p.product_id = x.product_id
           LEFT JOIN product_groups g ON g.product_group_id = p.product_group_id
           LEFT JOIN product_brands b ON b.product_brand_id = p.product_brand_id)
       SELECT list_code, code, "productId", "productName", "productGroupId", "productGroupName", "productBrandId", "productBrandName", "tagIds"
         FROM found`,
      [pluIds.map((plu) => plu.list_code), pluIds.map((plu) => plu.code)],
    );
    const found = new Map(rows.map(({ list_code, code, ...product }) => [pluKey(list_code, code), Object.freeze(product)]));
    // Not when a change arrived during the read: its rows may be older than the change.
    if (this.changes.live && generation === this.billProductGeneration) {
      if (this.billProductCache.size + found.size > BILL_PRODUCT_CACHE_SIZE) this.billProductCache.clear();
      for (const [key, product] of found) this.billProductCache.set(key, product);
    }
    return found;
  }

  /** The products of `pluIds` from memory when every one of them is there, else undefined (the statement reads them all). */
  private cachedBillProducts(pluIds: { list_code: string; code: string }[]): Map<string, TaggedBillProduct> | undefined {
    if (!this.changes.live) return undefined;
    const found = new Map<string, TaggedBillProduct>();
    for (const plu of pluIds) {
      const key = pluKey(plu.list_code, plu.code);
      const product = this.billProductCache.get(key);
      if (!product) return undefined;
      found.set(key, product);
    }
    return found;
  }

  /** Creates learnt products with their PLU ids in one statement; answers them with the names purchases keep. */
  private async learnProducts(
    manager: EntityManager,
    products: { id: string; name: string; category: string | null }[],
    plus: { list_code: string; code: string; productId: string }[],
  ): Promise<BillProduct[]> {
    return manager.query(
      `WITH learnt AS (
         INSERT INTO products (product_id, name, product_group_id)
         SELECT n.id, n.name, (SELECT g.product_group_id FROM product_groups g WHERE g.external_id = n.category LIMIT 1)
           FROM unnest($1::varchar[], $2::text[], $3::text[]) AS n(id, name, category)
         RETURNING product_id, name, product_group_id),
       learnt_plus AS (
         INSERT INTO product_plu_ids (list_code, code, product_id) SELECT * FROM unnest($4::text[], $5::text[], $6::varchar[]))
       SELECT l.product_id AS "productId", l.name AS "productName", l.product_group_id AS "productGroupId", g.name AS "productGroupName",
              NULL AS "productBrandId", NULL AS "productBrandName"
         FROM learnt l LEFT JOIN product_groups g ON g.product_group_id = l.product_group_id`,
      [
        products.map((product) => product.id),
        products.map((product) => product.name),
        products.map((product) => product.category),
        plus.map((plu) => plu.list_code),
        plus.map((plu) => plu.code),
        plus.map((plu) => plu.productId),
      ],
    );
  }

  /** Fails with a 400 `not_found` naming `field` unless every id names a product. */
  async requireExisting(productIds: string[], field: string, manager?: EntityManager): Promise<void> {
    if (productIds.length === 0) return;
    const found = await within(this.products, manager)
      .createQueryBuilder('p')
      .select('p.id')
      .where('p.product_id = ANY(:ids)', { ids: productIds })
      .getMany();
    const known = new Set(found.map((product) => product.id));
    const missing = productIds.find((id) => !known.has(id));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No product has this id', missing);
  }

  /** PLU ids, prices and tags of the products, three queries whatever their number. */
  private async loadDetails(products: ProductEntity[]): Promise<void> {
    if (products.length === 0) return;
    const ids = products.map((product) => product.id);
    const [pluIds, prices, tagRecords] = await Promise.all([
      this.pluIds.createQueryBuilder('x').where('x.product_id = ANY(:ids)', { ids }).orderBy('x.list_code').addOrderBy('x.code').getMany(),
      this.prices.createQueryBuilder('x').where('x.product_id = ANY(:ids)', { ids }).orderBy('x.currency_id').getMany(),
      this.tagRecords
        .createQueryBuilder('x')
        .innerJoinAndSelect('x.tag', 'tag')
        .where('x.product_id = ANY(:ids)', { ids })
        .orderBy('x.tag_id')
        .getMany(),
    ]);
    for (const product of products) {
      product.pluIds = pluIds.filter((plu) => plu.productId === product.id);
      product.prices = prices.filter((price) => price.productId === product.id);
      product.tagRecords = tagRecords.filter((record) => record.productId === product.id);
    }
  }

  /**
   * Creates or updates products. A record updates the existing product that owns any of its PLU ids
   * (list code + code); PLU ids of two different products in one record are refused. Fields left out
   * keep their stored values; PLU ids, prices (per currency), tags and property records sent are added
   * or overwritten, never removed.
   */
  async upsertBatch(records: unknown[], mode: ErrorProcessing, manager?: EntityManager): Promise<RecordFailure[]> {
    if (manager) return this.upsertBatchIn(manager, records, mode);
    return this.dataSource.transaction((transaction) => this.upsertBatchIn(transaction, records, mode));
  }

  private async upsertBatchIn(manager: EntityManager, records: unknown[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PRODUCT_BATCH_LOCK]);
    const failures = new BatchFailures(mode);
    const fail = (index: number, error: CatalogueException) => failures.fail(index, [error.toInvalidParam()]);

    const valid = this.validateRecords(records, failures);
    // One query per kind of reference, whatever the batch size (sequential: they share the transaction's connection).
    const storedPlus = await this.storedPluIds(
      manager,
      valid.flatMap((row) => row.pluIds),
    );
    const groups = await this.groups.findRefs(
      valid.flatMap(({ record }) => (record.product_group_id ? [record.product_group_id] : [])),
      valid.flatMap(({ record }) => (record.product_group_external_id ? [record.product_group_external_id] : [])),
      manager,
    );
    const brands = await this.brands.findRefs(
      valid.flatMap(({ record }) => (record.product_brand_id ? [record.product_brand_id] : [])),
      valid.flatMap(({ record }) => (record.product_brand_external_id ? [record.product_brand_external_id] : [])),
      manager,
    );
    const missingTags = new Set(await this.tags.missing([...new Set(valid.flatMap((row) => row.tagIds))], manager));
    const checkProperties = await this.properties.checker();

    const rows: ProductRow[] = [];
    const claimedBy = new Map<string, number>();
    for (const row of valid) {
      const prefix = `products.${row.index}`;
      const owners = [
        ...new Set(row.pluIds.map((plu) => storedPlus.get(pluKey(plu.list_code, plu.code))).filter((id) => id !== undefined)),
      ];
      if (owners.length > 1) {
        fail(row.index, CatalogueException.pluIdsOfSeveralProducts(`${prefix}.plu_ids`, owners));
        continue;
      }
      if (owners.length === 1) {
        const earlier = claimedBy.get(owners[0]);
        if (earlier !== undefined) {
          fail(row.index, CatalogueException.duplicateInRequest(`${prefix}.plu_ids`, owners[0], `products.${earlier}`));
          continue;
        }
        claimedBy.set(owners[0], row.index);
        row.productId = owners[0];
        row.isNew = false;
      }
      const group = this.resolve(prefix, 'product_group', row.record.product_group_id, row.record.product_group_external_id, groups);
      if (group instanceof CatalogueException) {
        fail(row.index, group);
        continue;
      }
      const brand = this.resolve(prefix, 'product_brand', row.record.product_brand_id, row.record.product_brand_external_id, brands);
      if (brand instanceof CatalogueException) {
        fail(row.index, brand);
        continue;
      }
      const unknownTag = row.tagIds.findIndex((tagId) => missingTags.has(tagId));
      if (unknownTag >= 0) {
        const position = row.record.tags?.findIndex((tag) => tag.tag_id === row.tagIds[unknownTag]) ?? unknownTag;
        fail(row.index, CatalogueException.referenceNotFound(`${prefix}.tags.${position}.tag_id`, 'tag', row.tagIds[unknownTag]));
        continue;
      }
      const properties = checkProperties(row.record.property_records ?? [], row.isNew, prefix);
      if (properties.problems.length > 0) {
        failures.fail(row.index, properties.problems);
        continue;
      }
      // Left out, the stored values stay.
      if (row.record.property_records) row.propertyRecords = properties.records;
      row.groupId = group;
      row.brandId = brand;
      rows.push(row);
    }

    const priceIndex = (row: ProductRow, currencyId: string) =>
      row.record.prices?.findIndex((price) => price.currency_id === currencyId) ?? -1;
    await writeDroppingMissingReferences(manager, rows, failures, (writable) => this.write(manager, writable), {
      products_partner_fkey: (row, partnerId) =>
        row.record.partner_id === partnerId
          ? [CatalogueException.referenceNotFound(`products.${row.index}.partner_id`, 'partner', partnerId)]
          : [],
      products_store_fkey: (row, storeId) =>
        row.record.store_id === storeId ? [CatalogueException.referenceNotFound(`products.${row.index}.store_id`, 'store', storeId)] : [],
      product_prices_currency_fkey: (row, currencyId) =>
        priceIndex(row, currencyId) >= 0
          ? [
              CatalogueException.referenceNotFound(
                `products.${row.index}.prices.${priceIndex(row, currencyId)}.currency_id`,
                'currency',
                currencyId,
              ),
            ]
          : [],
    });
    return failures.report();
  }

  /** Checks each record on its own and against the earlier ones (a PLU id may appear once per batch). */
  private validateRecords(records: unknown[], failures: BatchFailures): ProductRow[] {
    const valid: ProductRow[] = [];
    const pluFirstAt = new Map<string, number>();
    records.forEach((raw, index) => {
      const prefix = `products.${index}`;
      const result = validateBatchRecord(ProductBatchRecordDto, raw, prefix);
      if (!result.record) return failures.fail(index, result.params);
      const record = result.record;

      const currencies = new Map<string, number>();
      for (const [position, price] of (record.prices ?? []).entries()) {
        const first = currencies.get(price.currency_id);
        if (first !== undefined) {
          const error = CatalogueException.duplicateInRequest(
            `${prefix}.prices.${position}.currency_id`,
            price.currency_id,
            `${prefix}.prices.${first}`,
          );
          return failures.fail(index, [error.toInvalidParam()]);
        }
        currencies.set(price.currency_id, position);
      }

      const pluIds = new Map<string, { list_code: string; code: string }>();
      for (const [position, plu] of record.plu_ids.entries()) {
        const key = pluKey(plu.list_code, plu.code);
        const first = pluFirstAt.get(key);
        if (first !== undefined && first !== index) {
          const error = CatalogueException.duplicateInRequest(
            `${prefix}.plu_ids.${position}`,
            `${plu.list_code}:${plu.code}`,
            `products.${first}`,
          );
          return failures.fail(index, [error.toInvalidParam()]);
        }
        pluIds.set(key, { list_code: plu.list_code, code: plu.code });
      }
      for (const key of pluIds.keys()) pluFirstAt.set(key, index);

      valid.push({
        index,
        record,
        productId: newId(),
        isNew: true,
        groupId: null,
        brandId: null,
        pluIds: [...pluIds.values()],
        tagIds: [...new Set((record.tags ?? []).map((tag) => tag.tag_id))],
        // Checked against the property catalogue once the record is known to create or update.
        propertyRecords: null,
      });
    });
    return valid;
  }

  /** Owners of the stored PLU ids among `pluIds`, keyed by list code and code; one query. */
  private async storedPluIds(manager: EntityManager, pluIds: { list_code: string; code: string }[]): Promise<Map<string, string>> {
    if (pluIds.length === 0) return new Map();
    const rows: { list_code: string; code: string; product_id: string }[] = await manager.query(
      `SELECT x.list_code, x.code, x.product_id
         FROM product_plu_ids x JOIN unnest($1::text[], $2::text[]) AS wanted(list_code, code)
           ON x.list_code = wanted.list_code AND x.code = wanted.code`,
      [pluIds.map((plu) => plu.list_code), pluIds.map((plu) => plu.code)],
    );
    return new Map(rows.map((row) => [pluKey(row.list_code, row.code), row.product_id]));
  }

  /** A group or brand reference given by id, by external id, or both (then they must agree). */
  private resolve(
    prefix: string,
    kind: 'product_group' | 'product_brand',
    id: string | undefined,
    externalId: string | undefined,
    known: { id: string; externalId: string }[],
  ): string | null | CatalogueException {
    const what = kind === 'product_group' ? 'product group' : 'product brand';
    const byId = id === undefined ? undefined : known.find((ref) => ref.id === id);
    if (id !== undefined && !byId) return CatalogueException.referenceNotFound(`${prefix}.${kind}_id`, what, id);
    const byExternalId = externalId === undefined ? undefined : known.find((ref) => ref.externalId === externalId);
    if (externalId !== undefined && !byExternalId)
      return CatalogueException.referenceNotFound(`${prefix}.${kind}_external_id`, what, externalId);
    if (byId && byExternalId && byId.id !== byExternalId.id)
      return CatalogueException.referencesDisagree(`${prefix}.${kind}_id`, `${kind}_external_id`, id);
    return (byId ?? byExternalId)?.id ?? null;
  }

  /** The whole batch in one statement: products updated and inserted, then their PLU ids, prices and tags. */
  private async write(manager: EntityManager, rows: ProductRow[]): Promise<void> {
    if (rows.length === 0) return;
    const input = rows.map((row) => ({
      product_id: row.productId,
      is_new: row.isNew,
      name: row.record.name,
      code: row.record.code ?? null,
      product_group_id: row.groupId,
      product_brand_id: row.brandId,
      partner_id: row.record.partner_id ?? null,
      store_id: row.record.store_id ?? null,
      state: row.record.state ?? null,
      property_records: row.propertyRecords,
      plu_ids: row.pluIds,
      prices: row.record.prices?.map((price) => ({ currency_id: price.currency_id, value: price.value })) ?? [],
      tag_ids: row.tagIds,
    }));
    await manager.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(
           product_id varchar, is_new boolean, name text, code text, product_group_id varchar, product_brand_id varchar,
           partner_id varchar, store_id varchar, state smallint, property_records jsonb, plu_ids jsonb, prices jsonb, tag_ids jsonb)
       ),
       updated AS (
         UPDATE products p SET
           name = i.name,
           code = COALESCE(i.code, p.code),
           product_group_id = COALESCE(i.product_group_id, p.product_group_id),
           product_brand_id = COALESCE(i.product_brand_id, p.product_brand_id),
           partner_id = COALESCE(i.partner_id, p.partner_id),
           store_id = COALESCE(i.store_id, p.store_id),
           state = COALESCE(i.state, p.state),
           property_records = CASE WHEN i.property_records IS NULL THEN p.property_records ELSE
             COALESCE((SELECT jsonb_agg(old) FROM jsonb_array_elements(p.property_records) old
                        WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(i.property_records) new
                                           WHERE new->>'property_id' = old->>'property_id')), '[]'::jsonb) || i.property_records
           END,
           last_change = now()
         FROM input i
         WHERE NOT i.is_new AND p.product_id = i.product_id
           -- A re-sent record that changes nothing leaves the row (and its last_change) alone.
           AND (p.name IS DISTINCT FROM i.name
             OR COALESCE(i.code, p.code) IS DISTINCT FROM p.code
             OR COALESCE(i.product_group_id, p.product_group_id) IS DISTINCT FROM p.product_group_id
             OR COALESCE(i.product_brand_id, p.product_brand_id) IS DISTINCT FROM p.product_brand_id
             OR COALESCE(i.partner_id, p.partner_id) IS DISTINCT FROM p.partner_id
             OR COALESCE(i.store_id, p.store_id) IS DISTINCT FROM p.store_id
             OR COALESCE(i.state, p.state) IS DISTINCT FROM p.state
             OR i.property_records IS NOT NULL
             OR EXISTS (SELECT 1 FROM jsonb_to_recordset(i.plu_ids) AS plu(list_code text, code text)
                         WHERE NOT EXISTS (SELECT 1 FROM product_plu_ids x
                                            WHERE x.list_code = plu.list_code AND x.code = plu.code AND x.product_id = p.product_id))
             OR EXISTS (SELECT 1 FROM jsonb_to_recordset(i.prices) AS price(currency_id varchar, value numeric)
                         WHERE NOT EXISTS (SELECT 1 FROM product_prices x
                                            WHERE x.product_id = p.product_id AND x.currency_id = price.currency_id AND x.value = price.value))
             OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(i.tag_ids) AS tag(tag_id)
                         WHERE NOT EXISTS (SELECT 1 FROM product_tag_records x WHERE x.product_id = p.product_id AND x.tag_id = tag.tag_id)))
       ),
       inserted AS (
         INSERT INTO products (product_id, name, code, product_group_id, product_brand_id, partner_id, store_id, state, property_records)
         SELECT product_id, name, code, product_group_id, product_brand_id, partner_id, store_id, COALESCE(state, 1),
                COALESCE(property_records, '[]'::jsonb)
           FROM input WHERE is_new
       ),
       plu_ids AS (
         INSERT INTO product_plu_ids (list_code, code, product_id)
         SELECT plu.list_code, plu.code, i.product_id FROM input i, jsonb_to_recordset(i.plu_ids) AS plu(list_code text, code text)
         ON CONFLICT (list_code, code) DO NOTHING
       ),
       prices AS (
         INSERT INTO product_prices (product_id, currency_id, value)
         SELECT i.product_id, price.currency_id, price.value FROM input i, jsonb_to_recordset(i.prices) AS price(currency_id varchar, value numeric)
         ON CONFLICT (product_id, currency_id) DO UPDATE SET value = EXCLUDED.value
           WHERE product_prices.value IS DISTINCT FROM EXCLUDED.value
       )
       INSERT INTO product_tag_records (product_id, tag_id)
       SELECT i.product_id, tag.tag_id FROM input i, jsonb_array_elements_text(i.tag_ids) AS tag(tag_id)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(input)],
    );
  }
}
