import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { StorePropertyEntity } from './entities/store-property.entity';

export const STORE_PROPERTY_SORT_FIELDS = ['property_id', 'name', 'data_type', 'last_change'] as const;
export type StorePropertySortField = (typeof STORE_PROPERTY_SORT_FIELDS)[number];

export interface StorePropertyFilter {
  name?: string;
}

@Injectable()
export class StorePropertyService {
  constructor(@InjectRepository(StorePropertyEntity) private readonly properties: Repository<StorePropertyEntity>) {}

  async list(filter: StorePropertyFilter, page: PageRequest<StorePropertySortField>): Promise<Page<StorePropertyEntity>> {
    const query = this.properties.createQueryBuilder('p').leftJoinAndSelect('p.items', 'i');
    if (filter.name) query.andWhere('p.name ILIKE :name', { name: likePattern(filter.name) });
    return fetchPage(query, page, { property_id: 'p.id', name: 'p.name', data_type: 'p.dataType', last_change: 'p.lastChange' }, 'p.id');
  }

  async get(propertyId: string): Promise<StorePropertyEntity> {
    const property = await this.find(propertyId);
    if (!property) throw CommonException.recordNotFound('store-properties', propertyId);
    return property;
  }

  find(propertyId: string): Promise<StorePropertyEntity | null> {
    return this.properties.findOne({ where: { id: propertyId }, relations: { items: true }, order: { items: { id: 'ASC' } } });
  }
}
