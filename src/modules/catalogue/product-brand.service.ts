import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, newId, within } from '@tessera/core';
import {
  BatchFailures,
  CommonException,
  ErrorProcessing,
  InvalidReason,
  Page,
  PageRequest,
  RecordFailure,
  validateBatchRecord,
} from '@tessera/http';
import { CatalogueException } from './catalogue.exceptions';
import { toProductBrandDto } from './catalogue.mapper';
import { ProductBrandBatchRecordDto, ProductBrandDto } from './dto/product-brand.dto';
import { ProductBrandEntity } from './entities/product-brand.entity';

export const PRODUCT_BRAND_SORT_FIELDS = ['product_brand_id', 'name', 'external_id'] as const;
export type ProductBrandSortField = (typeof PRODUCT_BRAND_SORT_FIELDS)[number];

/** A brand a product record refers to, by the id or by the external id the client knows it by. */
export interface BrandRef {
  id: string;
  externalId: string;
}

@Injectable()
export class ProductBrandService {
  constructor(
    @InjectRepository(ProductBrandEntity) private readonly brands: Repository<ProductBrandEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(filter: { name?: string }, page: PageRequest<ProductBrandSortField>): Promise<Page<ProductBrandEntity>> {
    const query = this.brands.createQueryBuilder('b');
    if (filter.name) query.andWhere('b.name ILIKE :name', { name: likePattern(filter.name) });
    return fetchPage(query, page, { product_brand_id: 'b.id', name: 'b.name', external_id: 'b.externalId' }, 'b.id', {
      oneRowPerRecord: true,
    });
  }

  async get(brandId: string): Promise<ProductBrandEntity> {
    const brand = await this.brands.findOne({ where: { id: brandId } });
    if (!brand) throw CommonException.recordNotFound('product-brands', brandId);
    return brand;
  }

  /** One page of the brands among `brandIds` as response DTOs, for lists other contexts answer. */
  async describePage(brandIds: string[], page: PageRequest<ProductBrandSortField>): Promise<Page<ProductBrandDto>> {
    if (brandIds.length === 0) return { items: [], total: 0 };
    const query = this.brands.createQueryBuilder('b').where('b.product_brand_id = ANY(:ids)', { ids: brandIds });
    const found = await fetchPage(query, page, { product_brand_id: 'b.id', name: 'b.name', external_id: 'b.externalId' }, 'b.id', {
      oneRowPerRecord: true,
    });
    return { items: found.items.map(toProductBrandDto), total: found.total };
  }

  /** Fails with a 400 `not_found` naming `field` unless every id names a brand. */
  async requireExisting(brandIds: string[], field: string, manager?: EntityManager): Promise<void> {
    const found = await this.findRefs(brandIds, [], manager);
    const missing = brandIds.find((id) => !found.some((ref) => ref.id === id));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No product brand has this id', missing);
  }

  /** The brands named by any of these ids or external ids, in one query. */
  async findRefs(ids: string[], externalIds: string[], manager?: EntityManager): Promise<BrandRef[]> {
    if (ids.length === 0 && externalIds.length === 0) return [];
    const rows = await within(this.brands, manager)
      .createQueryBuilder('b')
      .select(['b.id', 'b.externalId'])
      .where('b.product_brand_id = ANY(:ids) OR b.external_id = ANY(:externalIds)', { ids, externalIds })
      .getMany();
    return rows.map((row) => ({ id: row.id, externalId: row.externalId }));
  }

  /**
   * Creates or updates brands matched by `external_id`, in one statement. Returns the failed records
   * (only in mode 2; in mode 1 the first failure throws).
   */
  async upsertBatch(records: unknown[], mode: ErrorProcessing, manager?: EntityManager): Promise<RecordFailure[]> {
    const failures = new BatchFailures(mode);
    const rows: ProductBrandBatchRecordDto[] = [];
    const firstIndexOf = new Map<string, number>();
    records.forEach((raw, index) => {
      const prefix = `product_brands.${index}`;
      const result = validateBatchRecord(ProductBrandBatchRecordDto, raw, prefix);
      if (!result.record) return failures.fail(index, result.params);
      const first = firstIndexOf.get(result.record.external_id);
      if (first !== undefined) {
        const error = CatalogueException.duplicateInRequest(`${prefix}.external_id`, result.record.external_id, `product_brands.${first}`);
        return failures.fail(index, [error.toInvalidParam()]);
      }
      firstIndexOf.set(result.record.external_id, index);
      rows.push(result.record);
    });
    if (rows.length > 0) {
      await (manager ?? this.dataSource.manager).query(
        `INSERT INTO product_brands (product_brand_id, external_id, name)
         SELECT * FROM unnest($1::varchar[], $2::text[], $3::text[])
         ON CONFLICT (external_id) DO UPDATE SET name = EXCLUDED.name, last_change = now()`,
        [rows.map(() => newId()), rows.map((row) => row.external_id), rows.map((row) => row.name)],
      );
    }
    return failures.report();
  }
}
