import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('user_roles')
export class UserRoleEntity {
  @PrimaryColumn({ name: 'user_role_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;
}
