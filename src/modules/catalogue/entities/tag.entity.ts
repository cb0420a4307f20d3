import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A product tag; `names` holds its name per language code. */
@Entity('tags')
export class TagEntity {
  @PrimaryColumn({ name: 'tag_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'jsonb', default: {} })
  names!: Record<string, string>;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
