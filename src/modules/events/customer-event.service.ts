import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, newId, preparedQuery } from '@tessera/core';
import { Actor, Page, PageRequest, customerInScope, optionalRequestDateTime } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { CustomerEventEntity } from './entities/customer-event.entity';

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

/** What happened, to whom, and the record it is about (a purchase's bill id, for instance). */
export interface NewCustomerEvent {
  /** The event type's text id, e.g. `purchase`. */
  type: string;
  customerId: string | null;
  externalId: string;
  secondaryExternalId?: string;
  data: Record<string, unknown>;
}

export interface CustomerEventFilter {
  event_type_id?: string;
  event_type_ids?: string[];
  external_id?: string;
  time_from?: string;
  time_to?: string;
}

/**
 * Customer events: an outbox written in the transaction of what caused them, so an event exists
 * exactly when its cause was committed; delivery reads it later.
 */
@Injectable()
export class CustomerEventService {
  constructor(
    @InjectRepository(CustomerEventEntity) private readonly events: Repository<CustomerEventEntity>,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes an event in the caller's transaction, in one statement, and returns its id. An unknown type is a programming error. */
  async record(event: NewCustomerEvent, manager: EntityManager): Promise<string> {
    const id = newId();
    const written = await preparedQuery(
      manager,
      'customer-event-record',
      `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, secondary_external_id, data)
       SELECT $1, event_type_id, $3, $4, $5, $6::jsonb FROM event_types WHERE text_id = $2
       RETURNING event_id`,
      [id, event.type, event.customerId, event.externalId, event.secondaryExternalId ?? null, JSON.stringify(event.data)],
    );
    if (written.length === 0) throw new Error(`Event type ${event.type} does not exist; run the migrations`);
    return id;
  }

  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: CustomerEventFilter,
    page: PageRequest<CustomerEventSortField>,
  ): Promise<Page<CustomerEventEntity>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    const from = optionalRequestDateTime(filter.time_from, 'time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.time_to, 'time_to', this.config.timeZone);
    await this.customers.requireCustomer(customerId, { inPath: true });
    const query = this.events.createQueryBuilder('e').where('e.customer_id = :customerId', { customerId });
    if (filter.event_type_id) query.andWhere('e.event_type_id = :typeId', { typeId: filter.event_type_id });
    if (filter.event_type_ids?.length) query.andWhere('e.event_type_id = ANY(:typeIds)', { typeIds: filter.event_type_ids });
    if (filter.external_id) query.andWhere('e.external_id = :externalId', { externalId: filter.external_id });
    if (from) query.andWhere('e.created_at >= :from', { from });
    if (to) query.andWhere('e.created_at <= :to', { to });
    return fetchPage(query, page, CUSTOMER_EVENT_SORT_COLUMNS, 'e.id', { defaultOrder: 'e.createdAt', oneRowPerRecord: true });
  }
}
