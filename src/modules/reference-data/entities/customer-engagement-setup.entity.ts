import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('customer_engagement_setups')
export class CustomerEngagementSetupEntity {
  @PrimaryColumn({ name: 'setup_id', type: 'varchar', length: 32 })
  id!: string;

  /** Serialized JSON, served exactly as the operator wrote it. */
  @Column({ type: 'text' })
  setup!: string;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
