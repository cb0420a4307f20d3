import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('customer_photos')
export class CustomerPhotoEntity {
  /** Random, so the public photo URL cannot be guessed from the customer id. */
  @PrimaryColumn({ name: 'photo_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ type: 'bytea', select: false })
  data!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
