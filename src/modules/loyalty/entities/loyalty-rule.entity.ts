import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('loyalty_rules')
export class LoyaltyRuleEntity {
  @PrimaryColumn({ type: 'text' })
  rule!: string;

  @PrimaryColumn({ type: 'text' })
  scope!: 'project' | 'partner' | 'store';

  @PrimaryColumn({ name: 'scope_id', type: 'varchar', length: 32 })
  scopeId!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
