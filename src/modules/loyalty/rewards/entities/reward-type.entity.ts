import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A type of reward: the operator's key (`textId`) and name, and the kind the rules act on (see RewardKind). */
@Entity('reward_types')
export class RewardTypeEntity {
  @PrimaryColumn({ name: 'reward_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** A RewardKind: how the rules apply rewards of this type. */
  @Column({ type: 'text' })
  kind!: string;

  /** 1 active, 0 deactivated by the operator: kept for the rewards of its type, offered for no new ones. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
