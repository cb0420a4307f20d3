import { Controller, RequestMethod, SetMetadata, applyDecorators } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ApiBearerAuth, ApiSecurity, ApiTags } from '@nestjs/swagger';

/** The operator API's base path: outside the contract's paths, versioned on its own. */
export const OPERATOR_BASE_PATH = 'admin/api/v1';

/**
 * What a user role may be granted on the operator API. Each area has a read and a write permission; a
 * write permission does not imply the read one, so a role lists both.
 */
export const OPERATOR_PERMISSIONS = [
  'definitions:read',
  'definitions:write',
  'customers:read',
  'customers:write',
  'privacy:write',
  'figures:read',
  'integrations:read',
  'integrations:write',
  'users:read',
  'users:write',
  'settings:read',
  'settings:write',
  'audit:read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

export const OPERATOR_ACCESS_METADATA = 'tessera:operator-access';
/** Needs no signed-in operator (signing in itself). */
export const OPERATOR_PUBLIC = 'public';
/** Needs a signed-in operator, whatever their permissions (their own session and second factor). */
export const OPERATOR_SIGNED_IN = 'signed-in';
export type OperatorAccessRule = OperatorPermission | typeof OPERATOR_PUBLIC | typeof OPERATOR_SIGNED_IN;

/** The permission a handler of an `@OperatorResource` controller needs. */
export const OperatorAccess = (rule: OperatorAccessRule) =>
  rule === OPERATOR_PUBLIC
    ? applyDecorators(SetMetadata(OPERATOR_ACCESS_METADATA, rule), ApiSecurity({}))
    : SetMetadata(OPERATOR_ACCESS_METADATA, rule);

/** An operator route as Fastify registered it, with the rule its handler declared. */
export interface OperatorRoute {
  method: string;
  /** Path template without the base path, e.g. `/rewards/{reward_key}`. */
  path: string;
  /** `METHOD /path`: what the audit trail and the access matrix name. */
  key: string;
  access: OperatorAccessRule;
}

/** Filled as controllers are declared, so guards and tests can read a route's rule by its URL template. */
const ACCESS_BY_ROUTE = new Map<string, OperatorAccessRule>();

const joinPath = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * A controller for one resource of the operator API (`@OperatorResource('rewards')`): its handlers
 * are routed under the operator base path, and each must say what it needs with `@OperatorAccess`; a
 * handler without one stops the application from loading, so nothing is open by default.
 */
export function OperatorResource(resource: string): ClassDecorator {
  return (target) => {
    const prototype = target.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as object | undefined;
      if (typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const access = Reflect.getMetadata(OPERATOR_ACCESS_METADATA, handler) as OperatorAccessRule | undefined;
      if (!access) throw new Error(`${target.name}.${name} does not say what it needs: add @OperatorAccess(...)`);
      const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
      const routed = paths.map((path) => joinPath(OPERATOR_BASE_PATH, resource, path));
      for (const path of routed) ACCESS_BY_ROUTE.set(`${RequestMethod[method]} /${path}`, access);
      Reflect.defineMetadata(PATH_METADATA, routed, handler);
    }
    Controller()(target);
    applyDecorators(ApiBearerAuth(), ApiTags(resource))(target);
  };
}

/** Whether a route template lies under the operator API's base path. */
export function isOperatorUrl(routeUrl: string | undefined): routeUrl is string {
  return routeUrl?.startsWith(`/${OPERATOR_BASE_PATH}/`) ?? false;
}

/**
 * The operator route of a route template as Fastify registered it (`/admin/api/v1/rewards/:reward_key`);
 * `undefined` for every other route.
 */
export function operatorRouteOf(method: string, routeUrl: string | undefined): OperatorRoute | undefined {
  if (!isOperatorUrl(routeUrl)) return undefined;
  // Fastify answers HEAD with the GET handler (and its guards): it needs what the GET needs.
  const access = ACCESS_BY_ROUTE.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
  if (!access) return undefined;
  const path = routeUrl.slice(OPERATOR_BASE_PATH.length + 1).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return { method, path, key: `${method} ${path}`, access };
}
