import { OPERATOR_PERMISSIONS, OperatorPermission } from '@tessera/http';

/** A role the project starts with, and what it grants on the operator API. */
export interface SeedRole {
  textId: string;
  name: string;
  description: string;
  permissions: readonly OperatorPermission[];
}

/**
 * The operator roles every project starts with. The contract's own roles (administrator, integration,
 * store operator) describe Enterprise-interface users and grant nothing here: an API user made for a
 * till cannot open the operator API until someone gives it an operator role (decision 24).
 */
export const OPERATOR_SEED_ROLES: readonly SeedRole[] = [
  {
    textId: 'owner',
    name: 'Owner',
    description: 'Everything, including users, roles, settings and erasure',
    permissions: OPERATOR_PERMISSIONS,
  },
  {
    textId: 'programme_manager',
    name: 'Programme manager',
    description: 'Defines rewards, tiers, campaigns and the other definitions; reads customers and figures',
    permissions: ['definitions:read', 'definitions:write', 'customers:read', 'figures:read', 'audit:read', 'settings:read'],
  },
  {
    textId: 'customer_care',
    name: 'Customer care',
    description: 'Finds customers, sees their whole picture, adjusts points and credits with a reason, blocks cards',
    permissions: ['customers:read', 'customers:write', 'definitions:read'],
  },
  {
    textId: 'analyst',
    name: 'Analyst',
    description: 'Reads programme figures, definitions and the audit trail; changes nothing and sees no customer',
    permissions: ['figures:read', 'definitions:read', 'audit:read'],
  },
  {
    textId: 'integrator',
    name: 'Integrator',
    description: 'Manages applications, their permissions and webhooks',
    permissions: ['integrations:read', 'integrations:write', 'definitions:read', 'settings:read'],
  },
];

const KNOWN = new Set<string>(OPERATOR_PERMISSIONS);

export function isOperatorPermission(value: string): value is OperatorPermission {
  return KNOWN.has(value);
}
