import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One operation an operator granted (`permitted`) or revoked for one application, against the defaults. */
@Entity('application_operation_overrides')
export class ApplicationOperationOverrideEntity {
  @PrimaryColumn({ name: 'external_application_id', type: 'varchar', length: 32 })
  applicationId!: string;

  @PrimaryColumn({ name: 'operation_key', type: 'text' })
  operationKey!: string;

  @Column({ type: 'boolean' })
  permitted!: boolean;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
