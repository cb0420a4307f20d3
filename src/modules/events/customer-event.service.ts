import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, groupBy } from '@tessera/core';
import { Actor, Page, PageRequest, customerFilterInScope, customerInScope, optionalRequestDateTime, visibleRecord } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { CustomerEventEntity, EventPropertyRecordEntity } from './entities/customer-event.entity';
import { EventCatalogueService } from './event-catalogue.service';

const CUSTOMER_EVENT_SORT_COLUMNS = {
  event_id: 'e.id',
  event_type_id: 'e.eventTypeId',
  customer_id: 'e.customerId',
  external_id: 'e.externalId',
  created_at: 'e.createdAt',
  secondary_external_id: 'e.secondaryExternalId',
  state: 'e.state',
} as const;
export type CustomerEventSortField = keyof typeof CUSTOMER_EVENT_SORT_COLUMNS;
export const CUSTOMER_EVENT_SORT_FIELDS = Object.keys(CUSTOMER_EVENT_SORT_COLUMNS) as CustomerEventSortField[];

export interface CustomerEventFilter {
  event_type_id?: string;
  event_type_ids?: string[];
  /** The same filter sent as `event_type_ids[]`. */
  event_type_ids_brackets?: string[];
  external_id?: string;
  time_from?: string;
  time_to?: string;
  include_property_records?: boolean;
}

export interface EventFilter extends CustomerEventFilter {
  customer_id?: string;
}

/** A stored property value of an event, with its property's name. */
export interface EventPropertyRecordView {
  record: EventPropertyRecordEntity;
  propertyName: string | null;
}

/** An event with its property records, which are read only when asked for. */
export interface EventView {
  event: CustomerEventEntity;
  propertyRecords: EventPropertyRecordView[];
}

/**
 * Customer events as the API reads them. They are written by the outbox writer (`src/platform/outbox`)
 * in the transaction of what caused them, so an event exists exactly when its cause was committed.
 */
@Injectable()
export class CustomerEventService {
  constructor(
    @InjectRepository(CustomerEventEntity) private readonly events: Repository<CustomerEventEntity>,
    @InjectRepository(EventPropertyRecordEntity) private readonly records: Repository<EventPropertyRecordEntity>,
    private readonly customers: CustomerAccountService,
    private readonly catalogue: EventCatalogueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `GET /customers/{customer_id}/events`: the customer named in the path, which must exist. */
  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: CustomerEventFilter,
    page: PageRequest<CustomerEventSortField>,
  ): Promise<Page<EventView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    const query = this.filtered(filter);
    await this.customers.requireCustomer(customerId, { inPath: true });
    return this.page(query.andWhere('e.customer_id = :customerId', { customerId }), filter, page);
  }

  /** `GET /events`: every customer's events, or on the Customer interface the logged-in customer's. */
  async list(actor: Actor, filter: EventFilter, page: PageRequest<CustomerEventSortField>): Promise<Page<EventView>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.filtered(filter);
    if (customerId !== undefined) query.andWhere('e.customer_id = :customerId', { customerId });
    return this.page(query, filter, page);
  }

  /** One event; another customer's is as absent as a missing one on the Customer interface. */
  async get(actor: Actor, eventId: string, includePropertyRecords: boolean): Promise<EventView> {
    const event = visibleRecord(
      actor,
      await this.events.findOne({ where: { id: eventId } }),
      (found) => found.customerId,
      'events',
      eventId,
    );
    return { event, propertyRecords: includePropertyRecords ? await this.recordsOf([eventId]) : [] };
  }

  /** Every property record of an event, by property id. */
  async propertyRecords(actor: Actor, eventId: string): Promise<EventPropertyRecordView[]> {
    await this.get(actor, eventId, false);
    return this.recordsOf([eventId]);
  }

  private filtered(filter: CustomerEventFilter): SelectQueryBuilder<CustomerEventEntity> {
    const from = optionalRequestDateTime(filter.time_from, 'time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.time_to, 'time_to', this.config.timeZone);
    const query = this.events.createQueryBuilder('e');
    if (filter.event_type_id) query.andWhere('e.event_type_id = :typeId', { typeId: filter.event_type_id });
    const typeIds = [...(filter.event_type_ids ?? []), ...(filter.event_type_ids_brackets ?? [])];
    if (typeIds.length > 0) query.andWhere('e.event_type_id = ANY(:typeIds)', { typeIds });
    if (filter.external_id) query.andWhere('e.external_id = :externalId', { externalId: filter.external_id });
    if (from) query.andWhere('e.created_at >= :from', { from });
    if (to) query.andWhere('e.created_at <= :to', { to });
    return query;
  }

  private async page(
    query: SelectQueryBuilder<CustomerEventEntity>,
    filter: CustomerEventFilter,
    page: PageRequest<CustomerEventSortField>,
  ): Promise<Page<EventView>> {
    const found = await fetchPage(query, page, CUSTOMER_EVENT_SORT_COLUMNS, 'e.id', { defaultOrder: 'e.createdAt', oneRowPerRecord: true });
    const records = filter.include_property_records ? await this.recordsOf(found.items.map((event) => event.id)) : [];
    const byEvent = groupBy(records, ({ record }) => record.eventId);
    return { items: found.items.map((event) => ({ event, propertyRecords: byEvent.get(event.id) ?? [] })), total: found.total };
  }

  /** The property records of the events, in one statement. */
  private async recordsOf(eventIds: string[]): Promise<EventPropertyRecordView[]> {
    if (eventIds.length === 0) return [];
    const records = await this.records
      .createQueryBuilder('r')
      .where('r.event_id = ANY(:eventIds)', { eventIds })
      .orderBy('r.event_id')
      .addOrderBy('r.property_id')
      .getMany();
    const names = await this.catalogue.propertyNames([...new Set(records.map((record) => record.propertyId))]);
    return records.map((record) => ({ record, propertyName: names.get(record.propertyId) ?? null }));
  }
}
