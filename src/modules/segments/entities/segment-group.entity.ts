import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('segment_groups')
export class SegmentGroupEntity {
  @PrimaryColumn({ name: 'segment_group_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'parent_group_id', type: 'varchar', length: 32, nullable: true })
  parentGroupId!: string | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'text_id', type: 'text', nullable: true })
  textId!: string | null;

  /** 1 active, 0 deactivated: kept for what points at it, offered for nothing new. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
