import { Column, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { CountryNameEntity } from './country-name.entity';

@Entity('countries')
export class CountryEntity {
  @PrimaryColumn({ name: 'country_id', type: 'varchar', length: 2 })
  id!: string;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @OneToMany(() => CountryNameEntity, (name) => name.country)
  names!: CountryNameEntity[];
}
