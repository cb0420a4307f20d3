import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Only what stores need to check their partner; the partners context owns the rest. */
@Entity('partners')
export class PartnerEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'smallint', default: 1 })
  state!: number;
}
