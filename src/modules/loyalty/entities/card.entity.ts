import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum CardState {
  Blocked = 0,
  Active = 1,
}

@Entity('cards')
export class CardEntity {
  @PrimaryColumn({ name: 'card_id', type: 'varchar', length: 32 })
  id!: string;

  /** Null for a card in the free pool. */
  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'card_type_id', type: 'varchar', length: 32 })
  cardTypeId!: string;

  @Column({ name: 'card_number', type: 'text' })
  cardNumber!: string;

  @Column({ name: 'secondary_card_number', type: 'text', nullable: true })
  secondaryCardNumber!: string | null;

  @Column({ name: 'valid_from', type: 'timestamptz', nullable: true })
  validFrom!: Date | null;

  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true })
  validTo!: Date | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ type: 'smallint', default: CardState.Active })
  state!: CardState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
