import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidReason,
  customerInScope,
  freeFormJson,
  optionalRequestDateTime,
  PropertyRecordInputDto,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService, CustomerService } from '../customers';
import {
  CheckedPropertyValue,
  CustomerSourceService,
  PropertyRecordStore,
  assertUniquePropertyValues,
  checkPropertyRecords,
  validateTimedPropertyValue,
} from '../reference-data';
import { EventPostBodyDto, EventPostDto } from './dto/event.dto';
import { EventCatalogueState, EventTypeEntity } from './entities/event-catalogue.entity';
import { EventCatalogueService } from './event-catalogue.service';
import { EventPostHooks } from './event-post.hooks';

/** The name the API's own example gives a repeated event (digest I67). */
const EVENT_IDENTITY_FIELD = 'event_id_event_type_id_customer_id_external_id_secondary_external_id';

/** Where event property values are kept, for the uniqueness check. */
const EVENT_PROPERTY_RECORDS: PropertyRecordStore = {
  records: 'event_property_records',
  lockPrefix: 'event-property',
  takenMessage: 'Another event has this value',
};

/** Enough to tell one customer from several. */
const TWO = { limit: 2, offset: 0, sortDirection: 'ASC' } as const;

/**
 * `POST /events`: the customer named by id or by an identifier, the type's rules for property values,
 * and one active event per type, customer, external id and secondary external id. The event and its
 * property values are written in one transaction.
 */
@Injectable()
export class EventPostService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: EventCatalogueService,
    private readonly accounts: CustomerAccountService,
    private readonly customers: CustomerService,
    private readonly sources: CustomerSourceService,
    private readonly hooks: EventPostHooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async post(actor: Actor, body: EventPostBodyDto): Promise<string> {
    const { event } = body;
    const type = await this.requireUsableType(event.event_type_id);
    const data = freeFormJson(event.data, 'event.data');
    const createdAt = optionalRequestDateTime(event.created_at, 'event.created_at', this.config.timeZone);
    const customerId = await this.resolveCustomer(actor, event);
    const values = await this.checkValues(event.event_type_id, body.property_records ?? []);
    const eventId = newId();
    await this.dataSource.transaction(async (m) => {
      const inserted: { created_at: Date }[] = await m.query(
        `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, secondary_external_id, data, created_at, posted)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, coalesce($7::timestamptz, clock_timestamp()), true)
         ON CONFLICT (event_type_id, customer_id, md5(external_id), md5(coalesce(secondary_external_id, ''))) WHERE state = 1 AND posted
         DO NOTHING
         RETURNING event_id, created_at`,
        [eventId, event.event_type_id, customerId, event.external_id, event.secondary_external_id ?? null, data, createdAt],
      );
      if (inserted.length === 0) {
        throw CommonException.invalid(
          EVENT_IDENTITY_FIELD,
          InvalidReason.RelationAlreadyExists,
          'The customer has an event of this type with these external ids already',
          event.external_id,
        );
      }
      await assertUniquePropertyValues(values, EVENT_PROPERTY_RECORDS, m);
      if (values.length > 0) {
        await m.query(
          `INSERT INTO event_property_records (event_id, property_id, property_value)
           SELECT $1, u.property_id, u.value FROM unnest($2::text[], $3::jsonb[]) AS u(property_id, value)`,
          [eventId, values.map((value) => value.propertyId), values.map((value) => JSON.stringify(value.value))],
        );
      }
      const posted = {
        eventId,
        customerId,
        eventTypeId: type.id,
        eventTypeTextId: type.textId,
        createdAt: new Date(inserted[0].created_at),
      };
      await this.hooks.posted(posted, m);
    });
    return eventId;
  }

  /** An active type: an unknown one is `not_found`, a removed one `deleted`, an inactive one `not_allowed_value`. */
  private async requireUsableType(typeId: string): Promise<EventTypeEntity> {
    const type = await this.catalogue.findType(typeId);
    const field = 'event.event_type_id';
    if (!type) throw CommonException.invalid(field, InvalidReason.NotFound, 'No event type has this id', typeId);
    if (type.state === EventCatalogueState.Deleted)
      throw CommonException.invalid(field, InvalidReason.Deleted, 'The event type is removed', typeId);
    if (type.state !== EventCatalogueState.Active)
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The event type is inactive', typeId);
    return type;
  }

  /**
   * The customer by `customer_id` or by the identifier pair, never both (digest I68). On the Customer
   * interface either must name the logged-in customer, who is also the default.
   */
  private async resolveCustomer(actor: Actor, event: EventPostDto): Promise<string> {
    const type = event.customer_identifier_type;
    const value = event.customer_identifier_value ?? undefined;
    const byIdentifier = type !== undefined || value !== undefined;
    if (event.customer_id !== undefined && byIdentifier) {
      throw CommonException.invalid(
        'event.customer_identifier_type',
        InvalidReason.NotAllowedValue,
        'Name the customer either by customer_id or by an identifier, not both',
        type,
      );
    }
    if (!byIdentifier) {
      const customerId = customerInScope(actor, event.customer_id, 'event.customer_id');
      await this.accounts.requireCustomer(customerId, { field: 'event.customer_id' });
      return customerId;
    }
    if (actor.kind === 'device') customerInScope(actor, undefined);
    if (type === undefined)
      throw CommonException.invalid('event.customer_identifier_type', InvalidReason.Required, 'The identifier needs its type');
    if (value === undefined)
      throw CommonException.invalid('event.customer_identifier_value', InvalidReason.Required, 'The identifier needs its value');
    const found = await this.customersIdentifiedBy(type, value);
    const field = 'event.customer_identifier_value';
    if (found.length === 0)
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No customer has this identifier', describe(value));
    if (found.length > 1)
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'Several customers have this identifier', describe(value));
    if (actor.kind === 'device' && found[0] !== actor.customerId) {
      throw CommonException.invalid(
        field,
        InvalidReason.NotBelongToLoggedInCustomer,
        'The identifier is not the logged-in customer',
        describe(value),
      );
    }
    return found[0];
  }

  /** Up to two live customers with the identifier: enough to tell one from several. */
  private async customersIdentifiedBy(type: 'email' | 'phone' | 'external_id', value: unknown): Promise<string[]> {
    const field = 'event.customer_identifier_value';
    if (type === 'external_id') {
      const source = externalIdentifier(value);
      if (!source) {
        throw CommonException.invalid(
          field,
          InvalidReason.InvalidValueFormat,
          'An external_id identifier is an object {customer_source_id, external_id}',
          describe(value),
        );
      }
      const records = await this.sources.listRecords(source, { limit: 1000, offset: 0, sortDirection: 'ASC' });
      const customerIds = [...new Set(records.items.map((record) => record.customerId))];
      if (customerIds.length === 0) return [];
      return (await this.customers.list({ customer_ids: customerIds }, TWO)).items.map((view) => view.customer.id);
    }
    if (typeof value !== 'string' || value === '') {
      throw CommonException.invalid(field, InvalidReason.InvalidValueFormat, `An ${type} identifier is a string`, describe(value));
    }
    return (await this.customers.list({ [type]: value }, TWO)).items.map((view) => view.customer.id);
  }

  /**
   * Checks the values against the type's properties (digest I70): each must be a property the type
   * allows, at most once, with a value of its data type; the type's required properties must be given.
   */
  private async checkValues(typeId: string, records: PropertyRecordInputDto[]): Promise<CheckedPropertyValue[]> {
    const allowed = new Map((await this.catalogue.allowedProperties(typeId)).map((property) => [property.property_id, property]));
    return checkPropertyRecords(records, {
      properties: allowed,
      unknownMessage: 'The event type has no property with this id',
      checkValue: (dataType, raw, itemIds) => validateTimedPropertyValue(dataType, raw, itemIds, this.config.timeZone),
    });
  }
}

function externalIdentifier(value: unknown): { customer_source_id: string; external_id: string } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { customer_source_id: sourceId, external_id: externalId, ...rest } = value as Record<string, unknown>;
  const valid = typeof sourceId === 'string' && sourceId !== '' && typeof externalId === 'string' && externalId !== '';
  return valid && Object.keys(rest).length === 0 ? { customer_source_id: sourceId, external_id: externalId } : null;
}

/** An identifier as an error shows it. */
function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
