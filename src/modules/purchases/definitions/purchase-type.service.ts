import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PurchaseTypeEntity } from './entities/purchase-definitions.entity';

export const PURCHASE_TYPE_SORT_FIELDS = ['type_id', 'name', 'text_id'] as const;
export type PurchaseTypeSortField = (typeof PURCHASE_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PurchaseTypeService {
  private readonly byId: MemorySnapshot<Map<string, PurchaseTypeEntity>>;

  constructor(
    @InjectRepository(PurchaseTypeEntity) private readonly types: Repository<PurchaseTypeEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['purchase_types'],
      (manager) => manager.find(PurchaseTypeEntity),
      (type) => type.id,
    );
  }

  async list(filter: { text_id?: string }, page: PageRequest<PurchaseTypeSortField>): Promise<Page<PurchaseTypeEntity>> {
    const query = this.types.createQueryBuilder('t');
    if (filter.text_id) query.andWhere('t.text_id = :textId', { textId: filter.text_id });
    return fetchPage(query, page, { type_id: 't.id', name: 't.name', text_id: 't.textId' }, 't.id', { oneRowPerRecord: true });
  }

  /** The purchase type a purchase names; 400 `not_allowed_value` on `purchase_type_id` when there is none. */
  async require(typeId: string): Promise<PurchaseTypeEntity> {
    const type = (await this.byId.get()).get(typeId);
    if (!type) throw CommonException.invalid('purchase_type_id', InvalidReason.NotAllowedValue, 'No purchase type has this id', typeId);
    return type;
  }
}
