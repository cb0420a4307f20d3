import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('card_types')
export class CardTypeEntity {
  @PrimaryColumn({ name: 'card_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** Every card number of this type starts with it. */
  @Column({ type: 'text' })
  prefix!: string;

  /** The type of cards issued without one being named (one type at most). */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** 1 active, 0 deactivated: its cards keep it, no new card is issued with it. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
