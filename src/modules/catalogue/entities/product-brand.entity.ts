import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('product_brands')
export class ProductBrandEntity {
  @PrimaryColumn({ name: 'product_brand_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
