import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ApiInterface } from '@tessera/http';

@Entity('external_applications')
export class ExternalApplicationEntity {
  @PrimaryColumn({ name: 'external_application_id', type: 'varchar', length: 32 })
  id!: string;

  /** A readable key, unique among all applications; the id unless the operator chose one. */
  @Column({ name: 'text_id', type: 'varchar', length: 64 })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  interface!: ApiInterface;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
