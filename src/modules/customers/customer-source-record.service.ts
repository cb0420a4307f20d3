import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { fetchPage, newId } from '@tessera/core';
import { CommonErrorCode, CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CustomerSourceService } from '../reference-data';
import { CustomerAccountService } from './customer-account.service';
import { writeWithCustomerUpdated } from './customer-changes';
import { CustomerSourceLinkEntity } from './entities/customer-source-link.entity';

export const SOURCE_RECORD_SORT_FIELDS = [
  'customer_source_record_id',
  'customer_source_id',
  'customer_id',
  'external_id',
  'last_change',
] as const;
export type SourceRecordSortField = (typeof SOURCE_RECORD_SORT_FIELDS)[number];

export interface SourceRecordFilter {
  external_id?: string;
  customer_source_id?: string;
  external_ids?: string[];
}

/** Which systems know a customer, and under which id. */
@Injectable()
export class CustomerSourceRecordService {
  constructor(
    @InjectRepository(CustomerSourceLinkEntity) private readonly records: Repository<CustomerSourceLinkEntity>,
    private readonly sources: CustomerSourceService,
    private readonly accounts: CustomerAccountService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(
    customerId: string,
    filter: SourceRecordFilter,
    page: PageRequest<SourceRecordSortField>,
  ): Promise<Page<CustomerSourceLinkEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const query = this.records.createQueryBuilder('r').where('r.customer_id = :customerId', { customerId });
    if (filter.customer_source_id) query.andWhere('r.customer_source_id = :sourceId', { sourceId: filter.customer_source_id });
    // Any of the given ids matches; the list supersedes the deprecated single id.
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
      { oneRowPerRecord: true },
    );
  }

  async add(customerId: string, input: { customer_source_id: string; external_id?: string }): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    try {
      await this.sources.get(input.customer_source_id);
    } catch (error) {
      if (error instanceof CommonException && error.code === CommonErrorCode.RecordNotFound) {
        throw CommonException.invalid(
          'customer_source_record.customer_source_id',
          InvalidReason.NotFound,
          'No customer source has this id',
          input.customer_source_id,
        );
      }
      throw error;
    }
    const duplicate =
      input.external_id !== undefined &&
      (await this.records.exists({ where: { customerId, customerSourceId: input.customer_source_id, externalId: input.external_id } }));
    if (duplicate) {
      throw CommonException.invalid(
        'customer_source_record.external_id',
        InvalidReason.RelationAlreadyExists,
        'The customer already has this source record',
        input.external_id,
      );
    }
    const id = newId();
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'source_record', record_id: id, change: 'added' },
      (manager) =>
        manager.insert(CustomerSourceLinkEntity, {
          id,
          customerId,
          customerSourceId: input.customer_source_id,
          externalId: input.external_id ?? null,
        }),
    );
    return id;
  }
}
