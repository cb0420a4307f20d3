import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StatusEntity } from './status.entity';

@Entity('status_qualification_turnovers')
export class StatusQualificationTurnoverEntity {
  @PrimaryColumn({ name: 'status_id', type: 'varchar', length: 32 })
  statusId!: string;

  @PrimaryColumn({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  value!: string;

  /** A `date` column read as text so no time zone shifts it. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @ManyToOne(() => StatusEntity, (status) => status.turnovers)
  @JoinColumn({ name: 'status_id' })
  status!: StatusEntity;
}
