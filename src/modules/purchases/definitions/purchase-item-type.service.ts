import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { fetchPage, within } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { PurchaseItemTypeEntity } from './entities/purchase-definitions.entity';

export const PURCHASE_ITEM_TYPE_SORT_FIELDS = ['type_id', 'name', 'text_id'] as const;
export type PurchaseItemTypeSortField = (typeof PURCHASE_ITEM_TYPE_SORT_FIELDS)[number];

@Injectable()
export class PurchaseItemTypeService {
  constructor(@InjectRepository(PurchaseItemTypeEntity) private readonly types: Repository<PurchaseItemTypeEntity>) {}

  async list(filter: { text_id?: string }, page: PageRequest<PurchaseItemTypeSortField>): Promise<Page<PurchaseItemTypeEntity>> {
    const query = this.types.createQueryBuilder('t');
    if (filter.text_id) query.andWhere('t.text_id = :textId', { textId: filter.text_id });
    return fetchPage(query, page, { type_id: 't.id', name: 't.name', text_id: 't.textId' }, 't.id', { oneRowPerRecord: true });
  }

  /** The item types among `ids` by id, in one query; ids naming no type are simply absent. */
  async byIds(ids: string[], manager?: EntityManager): Promise<Map<string, PurchaseItemTypeEntity>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const types = await within(this.types, manager).find({ where: { id: In(unique) } });
    return new Map(types.map((type) => [type.id, type]));
  }
}
