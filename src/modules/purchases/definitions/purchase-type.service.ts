import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { PurchaseTypeEntity } from './entities/purchase-definitions.entity';

/** Kept for the purchases that name it, offered and accepted for nothing new. */
const DEACTIVATED = 0;

export const PURCHASE_TYPE_SORT_FIELDS = ['type_id', 'name', 'text_id'] as const;
export type PurchaseTypeSortField = (typeof PURCHASE_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PurchaseTypeService {
  /** Every PurchaseType row, ranked for the list and by id. */
  private readonly definitions: MemorySnapshot<DefinitionRows<PurchaseTypeEntity, PurchaseTypeSortField>>;

  constructor(changes: ChangeFeed) {
    this.definitions = definitionSnapshot(changes, ['purchase_types'], PurchaseTypeEntity, 'id', {
      type_id: 'id',
      name: 'name',
      text_id: 'textId',
    });
  }

  async list(filter: { text_id?: string }, page: PageRequest<PurchaseTypeSortField>): Promise<Page<PurchaseTypeEntity>> {
    return pageInMemory(
      (await this.definitions.get()).ranked,
      (type) => type.state !== DEACTIVATED && (!filter.text_id || type.textId === filter.text_id),
      page,
    );
  }

  /** The purchase type a purchase names; 400 `not_allowed_value` on `purchase_type_id` when there is none. */
  async require(typeId: string): Promise<PurchaseTypeEntity> {
    const type = (await this.definitions.get()).byId.get(typeId);
    if (!type) throw CommonException.invalid('purchase_type_id', InvalidReason.NotAllowedValue, 'No purchase type has this id', typeId);
    if (type.state === DEACTIVATED)
      throw CommonException.invalid('purchase_type_id', InvalidReason.NotAllowedValue, 'The purchase type is deactivated', typeId);
    return type;
  }
}
