import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../../platform/change-feed';
import { Page, PageRequest } from '@tessera/http';
import { PurchaseItemTypeEntity } from './entities/purchase-definitions.entity';

export const PURCHASE_ITEM_TYPE_SORT_FIELDS = ['type_id', 'name', 'text_id'] as const;
export type PurchaseItemTypeSortField = (typeof PURCHASE_ITEM_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PurchaseItemTypeService {
  private readonly byId: MemorySnapshot<Map<string, PurchaseItemTypeEntity>>;

  constructor(
    @InjectRepository(PurchaseItemTypeEntity) private readonly types: Repository<PurchaseItemTypeEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['purchase_item_types'],
      (manager) => manager.find(PurchaseItemTypeEntity),
      (type) => type.id,
    );
  }

  async list(filter: { text_id?: string }, page: PageRequest<PurchaseItemTypeSortField>): Promise<Page<PurchaseItemTypeEntity>> {
    const query = this.types.createQueryBuilder('t');
    if (filter.text_id) query.andWhere('t.text_id = :textId', { textId: filter.text_id });
    return fetchPage(query, page, { type_id: 't.id', name: 't.name', text_id: 't.textId' }, 't.id', { oneRowPerRecord: true });
  }

  /** The item types among `ids` by id; ids naming no type are simply absent. */
  async byIds(ids: string[]): Promise<Map<string, PurchaseItemTypeEntity>> {
    const all = await this.byId.get();
    const found = new Map<string, PurchaseItemTypeEntity>();
    for (const id of ids) {
      const type = all.get(id);
      if (type) found.set(id, type);
    }
    return found;
  }
}
