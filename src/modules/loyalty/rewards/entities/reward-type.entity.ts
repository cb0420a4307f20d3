import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A kind of reward; `textId` is the kind the rules act on (see RewardKind). */
@Entity('reward_types')
export class RewardTypeEntity {
  @PrimaryColumn({ name: 'reward_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
