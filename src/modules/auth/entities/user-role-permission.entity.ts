import { Entity, PrimaryColumn } from 'typeorm';
import type { OperatorPermission } from '@tessera/http';

/** One operator API permission a user role grants. */
@Entity('user_role_permissions')
export class UserRolePermissionEntity {
  @PrimaryColumn({ name: 'user_role_id', type: 'varchar', length: 32 })
  roleId!: string;

  @PrimaryColumn({ type: 'text' })
  permission!: OperatorPermission;
}
