import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('languages')
export class LanguageEntity {
  @PrimaryColumn({ name: 'language_id', type: 'varchar', length: 2 })
  id!: string;

  @Column({ name: 'list_types', type: 'text', array: true })
  listTypes!: string[];

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
