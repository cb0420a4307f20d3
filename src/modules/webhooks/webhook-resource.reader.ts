import { Inject, Injectable } from '@nestjs/common';
import { ApiInterface, ApiUserActor, DomainException, INTERFACE_BASE_PATHS, omitNulls, responseOutput } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { OutboxEventType } from '../../platform/outbox';
import { BookingService, toBookingDto } from '../bookings';
import { CustomerService, CustomerStatusService, toCustomerDto, toStatusRecordDto } from '../customers';
import { EntranceService, toEntranceDto } from '../entrances';
import { CustomerEventService, toEventDto } from '../events';
import {
  CardService,
  CreditLedgerService,
  PointLedgerService,
  toCardDto,
  toCreditDto,
  toPointDto,
  toVoucherDto,
  VoucherService,
} from '../loyalty';
import { OrderService, toOrderDto } from '../orders';
import { ProductReservationService, toProductReservationDto } from '../product-reservations';
import { PurchaseQueryService, toPurchaseDto } from '../purchases';
import { SegmentService, toSegmentDto } from '../segments';
import { TaskService, toTaskDto } from '../tasks';

/** The kinds of record an event is about, each named as its collection's singular in the API. */
export type WebhookResourceType =
  | 'customer'
  | 'status_record'
  | 'card'
  | 'point'
  | 'credit'
  | 'voucher'
  | 'purchase'
  | 'segment'
  | 'task'
  | 'order'
  | 'booking'
  | 'product_reservation'
  | 'entrance'
  | 'event';

/** Which record each event type written by code is about; the operator's own event types are about the event itself. */
const RESOURCE_OF_EVENT: Record<OutboxEventType, WebhookResourceType> = {
  purchase: 'purchase',
  purchase_cancellation: 'purchase',
  task_state_change: 'task',
  order_created: 'order',
  order_status_change: 'order',
  entrance_deactivation: 'entrance',
  product_reservation_progress: 'product_reservation',
  booking_creation: 'booking',
  booking_status_change: 'booking',
  booking_deletion: 'booking',
  customer_registered: 'customer',
  customer_updated: 'customer',
  customer_deleted: 'customer',
  card_issued: 'card',
  card_blocked: 'card',
  points_earned: 'point',
  points_spent: 'point',
  points_expired: 'point',
  points_transferred: 'point',
  credits_deposited: 'credit',
  credits_spent: 'credit',
  credits_expired: 'credit',
  credits_transferred: 'credit',
  voucher_issued: 'voucher',
  voucher_applied: 'voucher',
  voucher_updated: 'voucher',
  voucher_used: 'voucher',
  voucher_restored: 'voucher',
  voucher_deleted: 'voucher',
  status_changed: 'status_record',
  segment_joined: 'segment',
  segment_left: 'segment',
};

/** The stored event a delivery carries, as far as finding its record needs. */
export interface WebhookEventRecord {
  eventId: string;
  type: string;
  externalId: string;
  data: Record<string, unknown>;
}

export interface WebhookResource {
  type: WebhookResourceType;
  /** The record as the Enterprise interface's GET of it answers (inside `data`); null once it cannot be read (removed). */
  resource: object | null;
}

/**
 * Reads the record an event is about when the event is sent, through the owning context's service and
 * mapper, so a receiver gets what `GET` on the Enterprise interface would return at that moment. The
 * reader sees every record, as an API user bound to no store does.
 */
@Injectable()
export class WebhookResourceReader {
  private static readonly reader: ApiUserActor = {
    kind: 'api_user',
    interface: ApiInterface.Enterprise,
    userId: 'webhooks',
    applicationId: 'webhooks',
    sessionId: 'webhooks',
    storeId: null,
  };
  private readonly readers: Record<WebhookResourceType, (id: string) => Promise<object | null>>;

  constructor(
    customers: CustomerService,
    statuses: CustomerStatusService,
    cards: CardService,
    points: PointLedgerService,
    credits: CreditLedgerService,
    vouchers: VoucherService,
    purchases: PurchaseQueryService,
    segments: SegmentService,
    tasks: TaskService,
    orders: OrderService,
    bookings: BookingService,
    reservations: ProductReservationService,
    entrances: EntranceService,
    events: CustomerEventService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const actor = WebhookResourceReader.reader;
    const timeZone = config.timeZone;
    const output = responseOutput(config, undefined);
    // Photos are linked through the public address when the operator has set one; otherwise by path.
    const photoBaseUrl = `${config.publicUrl.replace(/\/$/, '')}/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}/customer-photos`;
    this.readers = {
      customer: async (id) =>
        toCustomerDto(await customers.get(id), { timeZone, defaultLanguage: config.defaultLanguage, shortSalutation: false, photoBaseUrl }),
      status_record: async (id) => {
        const record = await statuses.record(id);
        return record && toStatusRecordDto(record, timeZone);
      },
      card: async (id) => toCardDto(await cards.get(actor, id), timeZone),
      point: async (id) => toPointDto(await points.get(actor, id), timeZone),
      credit: async (id) => toCreditDto(await credits.get(actor, id), timeZone),
      voucher: async (id) => toVoucherDto(await vouchers.get(actor, id), output),
      purchase: async (id) => toPurchaseDto(await purchases.get(actor, id), timeZone),
      segment: async (id) => toSegmentDto(await segments.get(id), timeZone),
      task: async (id) => toTaskDto(await tasks.get(actor, id), timeZone),
      order: async (id) => toOrderDto(await orders.get(actor, id), timeZone),
      booking: async (id) => toBookingDto(await bookings.get(actor, id), output),
      product_reservation: async (id) => toProductReservationDto(await reservations.get(actor, id), output),
      entrance: async (id) => toEntranceDto(await entrances.get(actor, id), timeZone),
      event: async (id) => toEventDto(await events.get(actor, id, true), timeZone),
    };
  }

  /** The event's record, or null as its `resource` when it is gone; other failures are thrown for a retry. */
  async read(event: WebhookEventRecord): Promise<WebhookResource> {
    const type = resourceTypeOf(event.type);
    try {
      return { type, resource: omitNulls(await this.readers[type](resourceIdOf(type, event))) };
    } catch (error) {
      if (isNotFound(error)) return { type, resource: null };
      throw error;
    }
  }
}

export function resourceTypeOf(eventType: string): WebhookResourceType {
  return (RESOURCE_OF_EVENT as Record<string, WebhookResourceType>)[eventType] ?? 'event';
}

/** The record's id: a purchase event's external id is the bill's, the operator's events are their own record. */
export function resourceIdOf(type: WebhookResourceType, event: WebhookEventRecord): string {
  if (type === 'event') return event.eventId;
  if (type === 'purchase' && typeof event.data.purchase_id === 'string') return event.data.purchase_id;
  return event.externalId;
}

function isNotFound(error: unknown): boolean {
  return error instanceof DomainException && error.toApiError().status === 404;
}
