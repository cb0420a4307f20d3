import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('user_roles')
export class UserRoleEntity {
  @PrimaryColumn({ name: 'user_role_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  /** 1 active, 0 deactivated: kept, as users' histories name it, but granting nothing. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;
}
