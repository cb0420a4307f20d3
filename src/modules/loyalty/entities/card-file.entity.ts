import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A rendered digital card (barcode or QR image), served publicly under its unguessable id. */
@Entity('card_files')
export class CardFileEntity {
  @PrimaryColumn({ name: 'card_file_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'card_id', type: 'varchar', length: 32 })
  cardId!: string;

  @Column({ name: 'file_type', type: 'text' })
  fileType!: string;

  @Column({ name: 'media_type', type: 'text' })
  mediaType!: string;

  @Column({ type: 'bytea' })
  content!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
