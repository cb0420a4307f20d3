import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ApiInterface } from '@tessera/http';

@Entity('external_applications')
export class ExternalApplicationEntity {
  @PrimaryColumn({ name: 'external_application_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  interface!: ApiInterface;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
