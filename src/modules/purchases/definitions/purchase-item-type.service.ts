import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../../platform/change-feed';
import { Page, PageRequest } from '@tessera/http';
import { PurchaseItemTypeEntity } from './entities/purchase-definitions.entity';

/** Kept for the purchase items that name it, no longer listed. */
const DEACTIVATED = 0;

export const PURCHASE_ITEM_TYPE_SORT_FIELDS = ['type_id', 'name', 'text_id'] as const;
export type PurchaseItemTypeSortField = (typeof PURCHASE_ITEM_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PurchaseItemTypeService {
  /** Every PurchaseItemType row, ranked for the list and by id. */
  private readonly definitions: MemorySnapshot<DefinitionRows<PurchaseItemTypeEntity, PurchaseItemTypeSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['purchase_item_types'], PurchaseItemTypeEntity, 'id', {
      type_id: 'id',
      name: 'name',
      text_id: 'textId',
    });
  }

  async list(filter: { text_id?: string }, page: PageRequest<PurchaseItemTypeSortField>): Promise<Page<PurchaseItemTypeEntity>> {
    return pageInMemory(
      (await this.definitions.get()).ranked,
      (type) => type.state !== DEACTIVATED && (!filter.text_id || type.textId === filter.text_id),
      page,
    );
  }

  /** The item types among `ids` by id; ids naming no type are simply absent. */
  async byIds(ids: string[]): Promise<Map<string, PurchaseItemTypeEntity>> {
    const all = (await this.definitions.get()).byId;
    const found = new Map<string, PurchaseItemTypeEntity>();
    for (const id of ids) {
      const type = all.get(id);
      if (type) found.set(id, type);
    }
    return found;
  }
}
