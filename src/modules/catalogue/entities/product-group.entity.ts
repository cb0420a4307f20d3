import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

@Entity('product_groups')
export class ProductGroupEntity {
  @PrimaryColumn({ name: 'product_group_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  code!: string | null;

  @Column({ name: 'parent_product_group_id', type: 'varchar', length: 32, nullable: true })
  parentId!: string | null;

  /** Loaded with the group so responses can name the parent by the client's own id too. */
  @ManyToOne(() => ProductGroupEntity, { nullable: true })
  @JoinColumn({ name: 'parent_product_group_id' })
  parent!: ProductGroupEntity | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'partner_id', type: 'varchar', length: 32, nullable: true })
  partnerId!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
