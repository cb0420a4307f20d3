import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Kinds of customer event, known to code by their text id (`purchase`, `purchase_cancellation`). */
@Entity('event_types')
export class EventTypeEntity {
  @PrimaryColumn({ name: 'event_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** One event of the outbox; `deliveredAt` stays null until delivery has passed it on. */
@Entity('customer_events')
export class CustomerEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'event_type_id', type: 'varchar', length: 32 })
  eventTypeId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ name: 'secondary_external_id', type: 'text', nullable: true })
  secondaryExternalId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  data!: object | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}
