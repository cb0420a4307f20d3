import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CountryEntity } from './country.entity';

@Entity('country_names')
export class CountryNameEntity {
  @PrimaryColumn({ name: 'country_id', type: 'varchar', length: 2 })
  countryId!: string;

  @PrimaryColumn({ name: 'language_id', type: 'varchar', length: 8 })
  languageId!: string;

  @Column({ type: 'text' })
  name!: string;

  @ManyToOne(() => CountryEntity, (country) => country.names)
  @JoinColumn({ name: 'country_id' })
  country!: CountryEntity;
}
