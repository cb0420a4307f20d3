import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage } from '@tessera/core';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { CustomerSourceRecordEntity } from './entities/customer-source-record.entity';
import { CustomerSourceEntity } from './entities/customer-source.entity';

export const CUSTOMER_SOURCE_SORT_FIELDS = ['customer_source_id', 'name', 'customer_source_text_id', 'last_change'] as const;
export type CustomerSourceSortField = (typeof CUSTOMER_SOURCE_SORT_FIELDS)[number];

export const CUSTOMER_SOURCE_RECORD_SORT_FIELDS = [
  'customer_source_record_id',
  'customer_source_id',
  'customer_id',
  'external_id',
  'last_change',
] as const;
export type CustomerSourceRecordSortField = (typeof CUSTOMER_SOURCE_RECORD_SORT_FIELDS)[number];

export interface CustomerSourceFilter {
  customer_source_text_id?: string;
}

export interface CustomerSourceRecordFilter {
  customer_id?: string;
  external_id?: string;
  customer_source_id?: string;
  external_ids?: string[];
}

@Injectable()
export class CustomerSourceService {
  constructor(
    @InjectRepository(CustomerSourceEntity) private readonly sources: Repository<CustomerSourceEntity>,
    @InjectRepository(CustomerSourceRecordEntity) private readonly records: Repository<CustomerSourceRecordEntity>,
  ) {}

  async list(filter: CustomerSourceFilter, page: PageRequest<CustomerSourceSortField>): Promise<Page<CustomerSourceEntity>> {
    const query = this.sources.createQueryBuilder('s');
    if (filter.customer_source_text_id) query.andWhere('s.customer_source_text_id = :textId', { textId: filter.customer_source_text_id });
    return fetchPage(
      query,
      page,
      { customer_source_id: 's.id', name: 's.name', customer_source_text_id: 's.textId', last_change: 's.lastChange' },
      's.id',
    );
  }

  async get(sourceId: string): Promise<CustomerSourceEntity> {
    const source = await this.sources.findOne({ where: { id: sourceId } });
    if (!source) throw CommonException.recordNotFound('customer-sources', sourceId);
    return source;
  }

  async listRecords(
    filter: CustomerSourceRecordFilter,
    page: PageRequest<CustomerSourceRecordSortField>,
  ): Promise<Page<CustomerSourceRecordEntity>> {
    const query = this.records.createQueryBuilder('r');
    if (filter.customer_id) query.andWhere('r.customer_id = :customerId', { customerId: filter.customer_id });
    if (filter.customer_source_id) query.andWhere('r.customer_source_id = :sourceId', { sourceId: filter.customer_source_id });
    // The array filter supersedes the deprecated single one.
    if (filter.external_ids?.length) query.andWhere('r.external_id IN (:...externalIds)', { externalIds: filter.external_ids });
    else if (filter.external_id) query.andWhere('r.external_id = :externalId', { externalId: filter.external_id });
    return fetchPage(
      query,
      page,
      {
        customer_source_record_id: 'r.id',
        customer_source_id: 'r.customerSourceId',
        customer_id: 'r.customerId',
        external_id: 'r.externalId',
        last_change: 'r.lastChange',
      },
      'r.id',
    );
  }
}
