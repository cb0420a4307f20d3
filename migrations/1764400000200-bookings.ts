import { MigrationInterface, QueryRunner } from 'typeorm';

/** The ticket property catalogue is held in memory by every instance: each change notifies them. */
const NOTIFYING_TABLES = ['booking_ticket_properties', 'booking_ticket_property_items'];

/**
 * Bookings: tickets (something bookable) with time slots of a fixed capacity, the project's booking
 * statuses, and customers' bookings whose items take capacity on slots.
 *
 * A slot counts the capacity its items hold in `taken`; the CHECK keeps it within the slot's total, so
 * a booking takes capacity with one conditional UPDATE of that row and can never over-book, however
 * many bookings race. Each status belongs to one phase of the booking workflow (pending, confirmed,
 * cancelled, completed); the phase decides the allowed moves and whether capacity is given back.
 */
export class Bookings1764400000200 implements MigrationInterface {
  name = 'Bookings1764400000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE booking_statuses (
        booking_status_id varchar(32) PRIMARY KEY,
        text_id varchar(64) NOT NULL UNIQUE,
        names jsonb NOT NULL,
        phase text NOT NULL CHECK (phase IN ('pending', 'confirmed', 'cancelled', 'completed')),
        is_default boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT is_default OR (state = 1 AND phase IN ('pending', 'confirmed')))
      );
      -- At most one default status.
      CREATE UNIQUE INDEX booking_statuses_default_key ON booking_statuses ((true)) WHERE is_default;
      INSERT INTO booking_statuses (booking_status_id, text_id, names, phase, is_default) VALUES
        (md5(random()::text || clock_timestamp()::text), 'pending', '{"en": "Pending"}', 'pending', true),
        (md5(random()::text || clock_timestamp()::text), 'confirmed', '{"en": "Confirmed"}', 'confirmed', false),
        (md5(random()::text || clock_timestamp()::text), 'cancelled', '{"en": "Cancelled"}', 'cancelled', false),
        (md5(random()::text || clock_timestamp()::text), 'completed', '{"en": "Completed"}', 'completed', false);

      CREATE TABLE booking_tickets (
        ticket_id varchar(32) PRIMARY KEY,
        names jsonb NOT NULL,
        valid_from timestamptz,
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to > valid_from)
      );

      CREATE TABLE booking_time_slots (
        time_slot_id varchar(32) PRIMARY KEY,
        ticket_id varchar(32) NOT NULL REFERENCES booking_tickets(ticket_id),
        valid_from timestamptz NOT NULL,
        valid_to timestamptz NOT NULL,
        total_capacity integer NOT NULL CHECK (total_capacity >= 0),
        taken integer NOT NULL DEFAULT 0,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (valid_to > valid_from),
        CONSTRAINT booking_time_slots_capacity_check CHECK (taken >= 0 AND taken <= total_capacity)
      );
      CREATE INDEX booking_time_slots_ticket_idx ON booking_time_slots (ticket_id, valid_from);
      -- Busy times read slots by start time across tickets.
      CREATE INDEX booking_time_slots_start_idx ON booking_time_slots (valid_from) INCLUDE (ticket_id, taken, total_capacity, state);

      CREATE TABLE booking_ticket_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false CHECK (NOT is_unique),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE booking_ticket_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES booking_ticket_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX booking_ticket_property_items_property_idx ON booking_ticket_property_items (property_id);
      CREATE TABLE booking_ticket_property_records (
        ticket_id varchar(32) NOT NULL REFERENCES booking_tickets(ticket_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES booking_ticket_properties(property_id),
        property_value jsonb NOT NULL,
        PRIMARY KEY (ticket_id, property_id)
      );
      CREATE INDEX booking_ticket_property_records_value_idx ON booking_ticket_property_records (property_id, (property_value #>> '{}'));

      CREATE TABLE bookings (
        booking_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) REFERENCES customers(customer_id),
        booking_status_id varchar(32) NOT NULL REFERENCES booking_statuses(booking_status_id),
        -- False once the booking gave its items' capacity back (a cancelled phase).
        holds_capacity boolean NOT NULL DEFAULT true,
        utm jsonb,
        data jsonb,
        created_at timestamptz NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now(),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX bookings_customer_idx ON bookings (customer_id, created_at);
      CREATE INDEX bookings_status_idx ON bookings (booking_status_id);

      CREATE TABLE booking_items (
        booking_item_id varchar(32) PRIMARY KEY,
        booking_id varchar(32) NOT NULL REFERENCES bookings(booking_id) ON DELETE CASCADE,
        customer_id varchar(32) REFERENCES customers(customer_id),
        time_slot_id varchar(32) NOT NULL REFERENCES booking_time_slots(time_slot_id),
        capacity_taken integer NOT NULL CHECK (capacity_taken > 0),
        booking_item_status_id varchar(32) NOT NULL REFERENCES booking_statuses(booking_status_id),
        created_at timestamptz NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now(),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX booking_items_booking_idx ON booking_items (booking_id);
      CREATE INDEX booking_items_slot_idx ON booking_items (time_slot_id, customer_id);

      INSERT INTO event_groups (event_group_id, text_id, name)
        VALUES (md5(random()::text || clock_timestamp()::text), 'bookings', 'Bookings');
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text || t.text_id), t.text_id, t.name, g.event_group_id, t.icon
          FROM event_groups g,
               (VALUES ('booking_creation', 'Booking created', 'event_available'),
                       ('booking_status_change', 'Booking status changed', 'event_note'),
                       ('booking_deletion', 'Booking deleted', 'event_busy')) AS t(text_id, name, icon)
         WHERE g.text_id = 'bookings';
    `);
    for (const table of NOTIFYING_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM customer_events WHERE event_type_id IN (
        SELECT event_type_id FROM event_types WHERE text_id IN ('booking_creation', 'booking_status_change', 'booking_deletion'));
      DELETE FROM event_types WHERE text_id IN ('booking_creation', 'booking_status_change', 'booking_deletion');
      DELETE FROM event_groups WHERE text_id = 'bookings';
      DROP TABLE booking_items, bookings, booking_ticket_property_records, booking_ticket_property_items,
        booking_ticket_properties, booking_time_slots, booking_tickets, booking_statuses;
    `);
  }
}
