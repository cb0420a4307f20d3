import { MigrationInterface, QueryRunner } from 'typeorm';

/** The task property catalogue is held in memory by every instance: each change notifies them. */
const NOTIFYING_TABLES = ['task_properties', 'task_property_items'];

/**
 * Tasks: work done for a customer, with a type and a workflow state from two operator catalogues, a
 * discussion (comments), the API users assigned to it and custom property values set at creation.
 * A task state may be final: a task in it stays there. Each state change is written to the customer
 * event outbox as a `task_state_change` event, in the group `tasks` seeded here.
 */
export class Tasks1764400000100 implements MigrationInterface {
  name = 'Tasks1764400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE task_types (
        task_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE task_states (
        task_state_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        is_final boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO task_types (task_type_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'customer_care', 'Customer care'),
        (md5(random()::text || clock_timestamp()::text), 'complaint', 'Complaint');
      INSERT INTO task_states (task_state_id, text_id, name, is_final) VALUES
        (md5(random()::text || clock_timestamp()::text), 'new', 'New', false),
        (md5(random()::text || clock_timestamp()::text), 'in_progress', 'In progress', false),
        (md5(random()::text || clock_timestamp()::text), 'resolved', 'Resolved', false),
        (md5(random()::text || clock_timestamp()::text), 'cancelled', 'Cancelled', true);

      CREATE TABLE tasks (
        task_id varchar(32) PRIMARY KEY,
        task_type_id varchar(32) NOT NULL REFERENCES task_types(task_type_id),
        task_state_id varchar(32) NOT NULL REFERENCES task_states(task_state_id),
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        task_title text NOT NULL,
        task_note text,
        task_priority smallint NOT NULL CHECK (task_priority BETWEEN 1 AND 4),
        due_date date,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX tasks_created_idx ON tasks (created_at, task_id);
      CREATE INDEX tasks_customer_idx ON tasks (customer_id, created_at);
      CREATE INDEX tasks_state_idx ON tasks (task_state_id);
      CREATE INDEX tasks_type_idx ON tasks (task_type_id);
      CREATE INDEX tasks_due_date_idx ON tasks (due_date);
      CREATE INDEX tasks_title_trgm_idx ON tasks USING gin (task_title gin_trgm_ops);
      CREATE INDEX tasks_note_trgm_idx ON tasks USING gin (task_note gin_trgm_ops);

      CREATE TABLE task_comments (
        task_comment_id varchar(32) PRIMARY KEY,
        task_id varchar(32) NOT NULL REFERENCES tasks(task_id) ON DELETE CASCADE,
        text text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX task_comments_task_idx ON task_comments (task_id, last_change);
      CREATE INDEX task_comments_text_trgm_idx ON task_comments USING gin (text gin_trgm_ops);

      -- A user is assigned to a task at most once.
      CREATE TABLE task_assignees (
        task_assignee_id varchar(32) PRIMARY KEY,
        task_id varchar(32) NOT NULL REFERENCES tasks(task_id) ON DELETE CASCADE,
        user_id varchar(32) NOT NULL REFERENCES api_users(user_id) ON DELETE CASCADE,
        last_change timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (task_id, user_id)
      );
      CREATE INDEX task_assignees_user_idx ON task_assignees (user_id);

      CREATE TABLE task_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE task_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES task_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))
      );
      CREATE INDEX task_property_items_property_idx ON task_property_items (property_id);
      CREATE TABLE task_property_records (
        task_id varchar(32) NOT NULL REFERENCES tasks(task_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES task_properties(property_id),
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (task_id, property_id)
      );
      CREATE INDEX task_property_records_property_idx ON task_property_records (property_id);
      -- Finds another task with a unique property's value; hash, as a value may be longer than a btree takes.
      CREATE INDEX task_property_records_value_idx ON task_property_records USING hash (property_value);
    `);
    for (const table of NOTIFYING_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
    await queryRunner.query(`
      INSERT INTO event_groups (event_group_id, text_id, name) VALUES (md5(random()::text || clock_timestamp()::text), 'tasks', 'Tasks');
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text), 'task_state_change', 'Task state change', event_group_id, 'task_alt'
        FROM event_groups WHERE text_id = 'tasks';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM customer_events WHERE event_type_id IN (SELECT event_type_id FROM event_types WHERE text_id = 'task_state_change');
      DELETE FROM event_types WHERE text_id = 'task_state_change';
      DELETE FROM event_groups WHERE text_id = 'tasks';
      DROP TABLE task_property_records, task_property_items, task_properties, task_assignees, task_comments, tasks, task_states, task_types;
    `);
  }
}
