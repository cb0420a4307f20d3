import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event's free-form data, kept in the shape it arrived in: a string, a list of strings or an object. */
export type EventData = string | string[] | Record<string, unknown>;

/** One event of the outbox; `deliveredAt` stays null until delivery has passed it on. */
@Entity('customer_events')
export class CustomerEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'event_type_id', type: 'varchar', length: 32 })
  eventTypeId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ name: 'secondary_external_id', type: 'text', nullable: true })
  secondaryExternalId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  data!: EventData | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}

/** A property value an event carries, checked against the property's data type when the event was posted. */
@Entity('event_property_records')
export class EventPropertyRecordEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 32 })
  eventId!: string;

  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
