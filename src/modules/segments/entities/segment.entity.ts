import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('segments')
export class SegmentEntity {
  @PrimaryColumn({ name: 'segment_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'smallint', nullable: true })
  priority!: number | null;

  @Column({ name: 'segment_group_id', type: 'varchar', length: 32, nullable: true })
  segmentGroupId!: string | null;

  @Column({ name: 'segment_picture_url', type: 'text', nullable: true })
  segmentPictureUrl!: string | null;

  /** A dynamic segment's condition tree; null for a static one, whose members are added by hand. */
  @Column({ type: 'jsonb', nullable: true })
  conditions!: object | null;

  /** 1 active, 0 deactivated: kept for what points at it, offered for nothing new. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
