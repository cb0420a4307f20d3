import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, newId, within } from '@tessera/core';
import {
  BatchFailures,
  CommonException,
  ErrorProcessing,
  InvalidParam,
  InvalidReason,
  Page,
  PageRequest,
  RecordFailure,
  validateBatchRecord,
} from '@tessera/http';
import { writeDroppingMissingReferences } from './batch/reference-retry';
import { CatalogueException } from './catalogue.exceptions';
import { toProductGroupDto } from './catalogue.mapper';
import { ProductGroupBatchRecordDto, ProductGroupDto } from './dto/product-group.dto';
import { ProductGroupEntity } from './entities/product-group.entity';
import { groupsInCycles } from './product-group-tree';

export const PRODUCT_GROUP_SORT_FIELDS = [
  'product_group_id',
  'name',
  'external_id',
  'code',
  'parent_product_group_id',
  'store_id',
  'partner_id',
  'last_change',
  'state',
] as const;
export type ProductGroupSortField = (typeof PRODUCT_GROUP_SORT_FIELDS)[number];

/** How each sort field reads from a `g` alias. */
const PRODUCT_GROUP_SORT_COLUMNS = {
  product_group_id: 'g.id',
  name: 'g.name',
  external_id: 'g.externalId',
  code: 'g.code',
  parent_product_group_id: 'g.parentId',
  store_id: 'g.storeId',
  partner_id: 'g.partnerId',
  last_change: 'g.lastChange',
  state: 'g.state',
};

export interface ProductGroupFilter {
  name?: string;
  store_id?: string;
  code?: string;
  external_id?: string;
  partner_id?: string;
}

export interface GroupRef {
  id: string;
  externalId: string;
  parentId: string | null;
}

/** A validated record with the id it will be written under and its resolved parent. */
interface GroupRow {
  index: number;
  record: ProductGroupBatchRecordDto;
  id: string;
  isNew: boolean;
  parentId: string | null;
}

/** Serialises group batches: new external ids are assigned ids before the write. */
const GROUP_BATCH_LOCK = 'tessera.catalogue.product_groups.batch';

@Injectable()
export class ProductGroupService {
  constructor(
    @InjectRepository(ProductGroupEntity) private readonly groups: Repository<ProductGroupEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(filter: ProductGroupFilter, page: PageRequest<ProductGroupSortField>): Promise<Page<ProductGroupEntity>> {
    const query = this.groups.createQueryBuilder('g').leftJoinAndSelect('g.parent', 'parent');
    if (filter.name) query.andWhere('g.name ILIKE :name', { name: likePattern(filter.name) });
    if (filter.store_id) query.andWhere('g.store_id = :storeId', { storeId: filter.store_id });
    if (filter.code) query.andWhere('g.code = :code', { code: filter.code });
    if (filter.external_id) query.andWhere('g.external_id = :externalId', { externalId: filter.external_id });
    if (filter.partner_id) query.andWhere('g.partner_id = :partnerId', { partnerId: filter.partner_id });
    return fetchPage(query, page, PRODUCT_GROUP_SORT_COLUMNS, 'g.id', { oneRowPerRecord: true });
  }

  async get(groupId: string): Promise<ProductGroupEntity> {
    const group = await this.groups.findOne({ where: { id: groupId }, relations: { parent: true } });
    if (!group) throw CommonException.recordNotFound('product-groups', groupId);
    return group;
  }

  /** One page of the groups among `groupIds` as response DTOs, for lists other contexts answer. */
  async describePage(groupIds: string[], page: PageRequest<ProductGroupSortField>, timeZone: string): Promise<Page<ProductGroupDto>> {
    if (groupIds.length === 0) return { items: [], total: 0 };
    const query = this.groups
      .createQueryBuilder('g')
      .leftJoinAndSelect('g.parent', 'parent')
      .where('g.product_group_id = ANY(:ids)', { ids: groupIds });
    const found = await fetchPage(query, page, PRODUCT_GROUP_SORT_COLUMNS, 'g.id', { oneRowPerRecord: true });
    return { items: found.items.map((group) => toProductGroupDto(group, timeZone)), total: found.total };
  }

  /** Fails with a 400 `not_found` naming `field` unless every id names a product group. */
  async requireExisting(groupIds: string[], field: string, manager?: EntityManager): Promise<void> {
    const found = await this.findRefs(groupIds, [], manager);
    const missing = groupIds.find((id) => !found.some((ref) => ref.id === id));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No product group has this id', missing);
  }

  /** The groups named by any of these ids or external ids, in one query. */
  async findRefs(ids: string[], externalIds: string[], manager?: EntityManager): Promise<GroupRef[]> {
    if (ids.length === 0 && externalIds.length === 0) return [];
    const rows = await within(this.groups, manager)
      .createQueryBuilder('g')
      .select(['g.id', 'g.externalId', 'g.parentId'])
      .where('g.product_group_id = ANY(:ids) OR g.external_id = ANY(:externalIds)', { ids, externalIds })
      .getMany();
    return rows.map((row) => ({ id: row.id, externalId: row.externalId, parentId: row.parentId }));
  }

  /**
   * Creates or updates groups matched by `external_id`. A parent may be a group of the same batch; no
   * group may end up its own ancestor. Fields left out keep their stored values.
   */
  async upsertBatch(records: unknown[], mode: ErrorProcessing, manager?: EntityManager): Promise<RecordFailure[]> {
    if (manager) return this.upsertBatchIn(manager, records, mode);
    return this.dataSource.transaction((transaction) => this.upsertBatchIn(transaction, records, mode));
  }

  private async upsertBatchIn(manager: EntityManager, records: unknown[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [GROUP_BATCH_LOCK]);
    const failures = new BatchFailures(mode);
    const fail = (index: number, error: CatalogueException) => failures.fail(index, [error.toInvalidParam()]);

    const valid: { index: number; record: ProductGroupBatchRecordDto }[] = [];
    const firstIndexOf = new Map<string, number>();
    records.forEach((raw, index) => {
      const prefix = `product_groups.${index}`;
      const result = validateBatchRecord(ProductGroupBatchRecordDto, raw, prefix);
      if (!result.record) return failures.fail(index, result.params);
      const first = firstIndexOf.get(result.record.external_id);
      if (first !== undefined) {
        return fail(
          index,
          CatalogueException.duplicateInRequest(`${prefix}.external_id`, result.record.external_id, `product_groups.${first}`),
        );
      }
      firstIndexOf.set(result.record.external_id, index);
      valid.push({ index, record: result.record });
    });

    const known = await this.findRefs(
      valid.flatMap(({ record }) => (record.parent_product_group_id ? [record.parent_product_group_id] : [])),
      valid.flatMap(({ record }) => [record.external_id, ...(record.parent_external_id ? [record.parent_external_id] : [])]),
      manager,
    );
    const storedByExternalId = new Map(known.map((ref) => [ref.externalId, ref]));
    const storedIds = new Set(known.map((ref) => ref.id));

    const rows: GroupRow[] = valid.map(({ index, record }) => {
      const stored = storedByExternalId.get(record.external_id);
      return { index, record, id: stored?.id ?? newId(), isNew: !stored, parentId: null };
    });
    const rowByExternalId = new Map(rows.map((row) => [row.record.external_id, row]));

    for (const row of rows) {
      const prefix = `product_groups.${row.index}`;
      const { parent_product_group_id: parentById, parent_external_id: parentByExternalId } = row.record;
      if (parentById !== undefined && !storedIds.has(parentById)) {
        fail(row.index, CatalogueException.referenceNotFound(`${prefix}.parent_product_group_id`, 'product group', parentById));
        continue;
      }
      let parentId = parentById ?? null;
      if (parentByExternalId !== undefined) {
        const resolved = rowByExternalId.get(parentByExternalId)?.id ?? storedByExternalId.get(parentByExternalId)?.id;
        if (resolved === undefined) {
          fail(row.index, CatalogueException.referenceNotFound(`${prefix}.parent_external_id`, 'product group', parentByExternalId));
          continue;
        }
        if (parentId !== null && parentId !== resolved) {
          fail(row.index, CatalogueException.referencesDisagree(`${prefix}.parent_product_group_id`, 'parent_external_id', parentId));
          continue;
        }
        parentId = resolved;
      }
      row.parentId = parentId;
    }

    await this.rejectCycles(manager, rows, failures);
    const write = async (writable: GroupRow[]) => this.write(manager, writable);
    const referencing = (row: GroupRow): InvalidParam[] => this.unwritableParent(row, rows, failures);
    await writeDroppingMissingReferences(
      manager,
      this.liveRows(rows, failures, referencing),
      failures,
      write,
      {
        product_groups_store_fkey: (row, storeId) =>
          row.record.store_id === storeId
            ? [CatalogueException.referenceNotFound(`product_groups.${row.index}.store_id`, 'store', storeId)]
            : [],
        product_groups_partner_fkey: (row, partnerId) =>
          row.record.partner_id === partnerId
            ? [CatalogueException.referenceNotFound(`product_groups.${row.index}.partner_id`, 'partner', partnerId)]
            : [],
      },
      (remaining) => this.liveRows(remaining, failures, referencing),
    );
    return failures.report();
  }

  /** Fails the records whose new parent would make a group its own ancestor. */
  private async rejectCycles(manager: EntityManager, rows: GroupRow[], failures: BatchFailures): Promise<void> {
    const changed = rows.filter((row) => !failures.has(row.index) && row.parentId !== null);
    if (changed.length === 0) return;
    // Every stored ancestor of the new parents, in one recursive query.
    const ancestors: { product_group_id: string; parent_product_group_id: string | null }[] = await manager.query(
      `WITH RECURSIVE up AS (
         SELECT product_group_id, parent_product_group_id FROM product_groups WHERE product_group_id = ANY($1)
         UNION
         SELECT g.product_group_id, g.parent_product_group_id FROM product_groups g JOIN up ON g.product_group_id = up.parent_product_group_id
       )
       SELECT product_group_id, parent_product_group_id FROM up`,
      [changed.map((row) => row.parentId)],
    );
    const parentOf = new Map<string, string | null>(ancestors.map((a) => [a.product_group_id, a.parent_product_group_id]));
    for (const row of rows) if (!failures.has(row.index) && row.parentId !== null) parentOf.set(row.id, row.parentId);
    const cyclic = groupsInCycles(
      parentOf,
      changed.map((row) => row.id),
    );
    for (const row of changed) {
      if (cyclic.has(row.id)) {
        const name = row.record.parent_external_id !== undefined ? 'parent_external_id' : 'parent_product_group_id';
        const value = row.record.parent_external_id ?? row.record.parent_product_group_id;
        failures.fail(row.index, [CatalogueException.groupCycle(`product_groups.${row.index}.${name}`, value).toInvalidParam()]);
      }
    }
  }

  /** A record whose parent is a new group of this batch that failed cannot be written either. */
  private unwritableParent(row: GroupRow, rows: GroupRow[], failures: BatchFailures): InvalidParam[] {
    const parent = rows.find((other) => other.id === row.parentId);
    if (!parent || !parent.isNew || !failures.has(parent.index)) return [];
    const name = row.record.parent_external_id !== undefined ? 'parent_external_id' : 'parent_product_group_id';
    return [
      CatalogueException.referenceNotFound(
        `product_groups.${row.index}.${name}`,
        'product group',
        row.record.parent_external_id,
      ).toInvalidParam(),
    ];
  }

  /** The rows still to write, failing (transitively) those whose parent failed. */
  private liveRows(rows: GroupRow[], failures: BatchFailures, referencing: (row: GroupRow) => InvalidParam[]): GroupRow[] {
    let changed = true;
    while (changed) {
      changed = false;
      for (const row of rows) {
        if (failures.has(row.index)) continue;
        const params = referencing(row);
        if (params.length > 0) {
          failures.fail(row.index, params);
          changed = true;
        }
      }
    }
    return rows.filter((row) => !failures.has(row.index));
  }

  private async write(manager: EntityManager, rows: GroupRow[]): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO product_groups AS g (product_group_id, external_id, name, code, parent_product_group_id, store_id, partner_id)
       SELECT * FROM unnest($1::varchar[], $2::text[], $3::text[], $4::text[], $5::varchar[], $6::varchar[], $7::varchar[])
       ON CONFLICT (product_group_id) DO UPDATE SET
         name = EXCLUDED.name,
         code = COALESCE(EXCLUDED.code, g.code),
         parent_product_group_id = COALESCE(EXCLUDED.parent_product_group_id, g.parent_product_group_id),
         store_id = COALESCE(EXCLUDED.store_id, g.store_id),
         partner_id = COALESCE(EXCLUDED.partner_id, g.partner_id),
         last_change = now()`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.record.external_id),
        rows.map((row) => row.record.name),
        rows.map((row) => row.record.code ?? null),
        rows.map((row) => row.parentId),
        rows.map((row) => row.record.store_id ?? null),
        rows.map((row) => row.record.partner_id ?? null),
      ],
    );
  }
}
