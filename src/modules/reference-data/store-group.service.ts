import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { StoreGroupEntity } from './entities/store-group.entity';

export const STORE_GROUP_SORT_FIELDS = ['store_group_id', 'name', 'last_change'] as const;
export type StoreGroupSortField = (typeof STORE_GROUP_SORT_FIELDS)[number];

export interface StoreGroupFilter {
  name?: string;
}

@Injectable()
export class StoreGroupService {
  constructor(@InjectRepository(StoreGroupEntity) private readonly groups: Repository<StoreGroupEntity>) {}

  async list(filter: StoreGroupFilter, page: PageRequest<StoreGroupSortField>): Promise<Page<StoreGroupEntity>> {
    const query = this.groups.createQueryBuilder('g');
    if (filter.name) query.andWhere('g.name ILIKE :name', { name: likePattern(filter.name) });
    return fetchPage(query, page, { store_group_id: 'g.id', name: 'g.name', last_change: 'g.lastChange' }, 'g.id');
  }

  async get(groupId: string): Promise<StoreGroupEntity> {
    const group = await this.groups.findOne({ where: { id: groupId } });
    if (!group) throw CommonException.recordNotFound('store-groups', groupId);
    return group;
  }
}
