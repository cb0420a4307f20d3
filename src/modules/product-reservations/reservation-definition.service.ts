import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ProductReservationExternalListTypeEntity, ProductReservationSourceEntity } from './entities/reservation-definitions.entity';

const SOURCE_SORT_COLUMNS = {
  product_reservation_source_id: 's.id',
  last_change: 's.lastChange',
  state: 's.state',
} as const;
export type SourceSortField = keyof typeof SOURCE_SORT_COLUMNS;
export const SOURCE_SORT_FIELDS = Object.keys(SOURCE_SORT_COLUMNS) as SourceSortField[];

const LIST_TYPE_SORT_COLUMNS = {
  product_reservation_external_list_type_id: 't.id',
  name: 't.name',
} as const;
export type ListTypeSortField = keyof typeof LIST_TYPE_SORT_COLUMNS;
export const LIST_TYPE_SORT_FIELDS = Object.keys(LIST_TYPE_SORT_COLUMNS) as ListTypeSortField[];

/**
 * Where reservations come from and the kinds of external codes they carry: definitions the API only
 * lists and the operator maintains (their repositories). A deactivated one (state 0) is what the
 * contract calls deleted: reservations keep referring to it, the lists and reads leave it out, and new
 * reservations cannot use it.
 */
@Injectable()
export class ReservationDefinitionService {
  constructor(
    @InjectRepository(ProductReservationSourceEntity) private readonly sources: Repository<ProductReservationSourceEntity>,
    @InjectRepository(ProductReservationExternalListTypeEntity)
    private readonly listTypes: Repository<ProductReservationExternalListTypeEntity>,
  ) {}

  listSources(page: PageRequest<SourceSortField>): Promise<Page<ProductReservationSourceEntity>> {
    const query = this.sources.createQueryBuilder('s').where('s.state = 1');
    return fetchPage(query, page, SOURCE_SORT_COLUMNS, 's.id', { oneRowPerRecord: true });
  }

  async getSource(sourceId: string): Promise<ProductReservationSourceEntity> {
    const source = await this.sources.findOne({ where: { id: sourceId, state: 1 } });
    if (!source) throw CommonException.recordNotFound('product-reservation-sources', sourceId);
    return source;
  }

  async requireSource(sourceId: string, field: string): Promise<void> {
    if (!(await this.sources.exist({ where: { id: sourceId, state: 1 } }))) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No reservation source has this id', sourceId);
    }
  }

  listListTypes(filter: { name?: string }, page: PageRequest<ListTypeSortField>): Promise<Page<ProductReservationExternalListTypeEntity>> {
    const query = this.listTypes.createQueryBuilder('t').where('t.state = 1');
    if (filter.name) query.andWhere('t.name ILIKE :name', { name: likePattern(filter.name) });
    return fetchPage(query, page, LIST_TYPE_SORT_COLUMNS, 't.id', { oneRowPerRecord: true });
  }

  async getListType(listTypeId: string): Promise<ProductReservationExternalListTypeEntity> {
    const listType = await this.listTypes.findOne({ where: { id: listTypeId, state: 1 } });
    if (!listType) throw CommonException.recordNotFound('product-reservation-external-list-types', listTypeId);
    return listType;
  }

  /** Fails with a 400 `not_found` on the first id that names no active list type, under the field `fieldOf` gives. */
  async requireListTypes(listTypeIds: string[], fieldOf: (index: number) => string): Promise<void> {
    if (listTypeIds.length === 0) return;
    const found = await this.listTypes
      .createQueryBuilder('t')
      .select('t.id')
      .where('t.product_reservation_external_list_type_id = ANY(:ids) AND t.state = 1', { ids: listTypeIds })
      .getMany();
    const known = new Set(found.map((listType) => listType.id));
    const missing = listTypeIds.findIndex((id) => !known.has(id));
    if (missing >= 0) {
      throw CommonException.invalid(fieldOf(missing), InvalidReason.NotFound, 'No external list type has this id', listTypeIds[missing]);
    }
  }
}
