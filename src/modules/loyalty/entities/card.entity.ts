import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum CardState {
  Blocked = 0,
  Active = 1,
}

@Entity('cards')
export class CardEntity {
  @PrimaryColumn({ name: 'card_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'card_number', type: 'text' })
  cardNumber!: string;

  @Column({ type: 'smallint', default: CardState.Active })
  state!: CardState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
