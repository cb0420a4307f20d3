import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The `state` of catalogue records: removed ones stay, as events refer to them. */
export enum EventCatalogueState {
  Deleted = 0,
  Active = 1,
  Inactive = 2,
}

/** A group of event types (purchases, vouchers...). */
@Entity('event_groups')
export class EventGroupEntity {
  @PrimaryColumn({ name: 'event_group_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'smallint', default: EventCatalogueState.Active })
  state!: EventCatalogueState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** Kinds of customer event; code knows some by their text id (`purchase`, `purchase_cancellation`). */
@Entity('event_types')
export class EventTypeEntity {
  @PrimaryColumn({ name: 'event_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'event_group_id', type: 'varchar', length: 32 })
  eventGroupId!: string;

  @Column({ name: 'icon_name', type: 'text', nullable: true })
  iconName!: string | null;

  @Column({ type: 'smallint', default: EventCatalogueState.Active })
  state!: EventCatalogueState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** A property an event type allows. */
@Entity('event_type_properties')
export class EventTypePropertyEntity {
  @PrimaryColumn({ name: 'event_type_id', type: 'varchar', length: 32 })
  eventTypeId!: string;

  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;
}
