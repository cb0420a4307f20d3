import { usePermissions } from 'react-admin';

/** Whether the signed-in operator's roles grant `permission` (read from `GET /sessions/current`). */
export function usePermitted(permission: string | undefined): boolean {
  const { permissions } = usePermissions<string[]>();
  return permission !== undefined && Array.isArray(permissions) && permissions.includes(permission);
}
