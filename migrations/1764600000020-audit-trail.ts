import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail: one row per write through the operator API or the CLI. PostgreSQL itself refuses
 * to change or remove a row, so not even a bug or a hand-written statement can rewrite history. Two
 * exceptions, each declared by its transaction: the retention purge may remove rows older than the
 * retention it names, and erasing a customer may blank the free-text reasons of rows about that
 * customer (an operator may have typed a name there), changing nothing else.
 */
export class AuditTrail1764600000020 implements MigrationInterface {
  name = 'AuditTrail1764600000020';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_events (
        audit_event_id bigserial PRIMARY KEY,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        channel text NOT NULL CHECK (channel IN ('operator_api', 'console', 'cli')),
        user_id varchar(32),
        actor text NOT NULL,
        operation text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        reason text,
        before jsonb,
        after jsonb
      );
      CREATE INDEX audit_events_target_idx ON audit_events (target_type, target_id, occurred_at DESC);
      CREATE INDEX audit_events_user_idx ON audit_events (user_id, occurred_at DESC);
      CREATE INDEX audit_events_time_idx ON audit_events (occurred_at DESC);

      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        retention_seconds bigint := nullif(current_setting('tessera.audit_purge_seconds', true), '')::bigint;
      BEGIN
        IF TG_OP = 'DELETE' AND retention_seconds IS NOT NULL AND OLD.occurred_at < now() - make_interval(secs => retention_seconds) THEN
          RETURN OLD;
        END IF;
        IF TG_OP = 'UPDATE' AND OLD.target_type = 'customer' AND OLD.target_id = current_setting('tessera.audit_erased_customer', true)
           AND NEW.reason = '[erased]'
           AND (to_jsonb(NEW) - 'reason') = (to_jsonb(OLD) - 'reason') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'the audit trail is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$;
      CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
        FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
      CREATE FUNCTION audit_events_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit trail is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
      END
      $$;
      CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
        FOR EACH STATEMENT EXECUTE FUNCTION audit_events_no_truncate();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE audit_events;
      DROP FUNCTION audit_events_append_only();
      DROP FUNCTION audit_events_no_truncate();
    `);
  }
}
