import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';
import { TagEntity } from './tag.entity';

export interface ProductPropertyRecord {
  property_id: string;
  property_value: unknown;
}

@Entity('products')
export class ProductEntity {
  @PrimaryColumn({ name: 'product_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  code!: string | null;

  @Column({ name: 'product_group_id', type: 'varchar', length: 32, nullable: true })
  productGroupId!: string | null;

  @Column({ name: 'product_brand_id', type: 'varchar', length: 32, nullable: true })
  productBrandId!: string | null;

  @Column({ name: 'partner_id', type: 'varchar', length: 32, nullable: true })
  partnerId!: string | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'property_records', type: 'jsonb', default: [] })
  propertyRecords!: ProductPropertyRecord[];

  @Column({ name: 'image_urls', type: 'text', array: true, default: '{}' })
  imageUrls!: string[];

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @OneToMany(() => ProductPluIdEntity, (plu) => plu.product)
  pluIds!: ProductPluIdEntity[];

  @OneToMany(() => ProductPriceEntity, (price) => price.product)
  prices!: ProductPriceEntity[];

  @OneToMany(() => ProductTagRecordEntity, (record) => record.product)
  tagRecords!: ProductTagRecordEntity[];
}

@Entity('product_plu_ids')
export class ProductPluIdEntity {
  @PrimaryColumn({ name: 'list_code', type: 'text' })
  listCode!: string;

  @PrimaryColumn({ type: 'text' })
  code!: string;

  @Column({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @ManyToOne(() => ProductEntity, (product) => product.pluIds)
  @JoinColumn({ name: 'product_id' })
  product!: ProductEntity;
}

@Entity('product_prices')
export class ProductPriceEntity {
  @PrimaryColumn({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @PrimaryColumn({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  /** numeric: the driver returns a decimal string, converted only when written out. */
  @Column({ type: 'numeric', precision: 18, scale: 4 })
  value!: string;

  @ManyToOne(() => ProductEntity, (product) => product.prices)
  @JoinColumn({ name: 'product_id' })
  product!: ProductEntity;
}

@Entity('product_tag_records')
export class ProductTagRecordEntity {
  @PrimaryColumn({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @PrimaryColumn({ name: 'tag_id', type: 'varchar', length: 32 })
  tagId!: string;

  @ManyToOne(() => ProductEntity, (product) => product.tagRecords)
  @JoinColumn({ name: 'product_id' })
  product!: ProductEntity;

  @ManyToOne(() => TagEntity)
  @JoinColumn({ name: 'tag_id' })
  tag!: TagEntity;
}
