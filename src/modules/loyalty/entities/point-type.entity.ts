import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('point_types')
export class PointTypeEntity {
  @PrimaryColumn({ name: 'point_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** Used when a request names no point type (one type at most). */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  /** 1 active, 0 deactivated by the operator: kept for the records of its type, offered for no new ones. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
