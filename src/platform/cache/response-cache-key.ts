import { createHash } from 'node:crypto';
import { Actor, ApiOperation } from '@tessera/http';

/**
 * Writes to one resource family also change what other families show: a card issued through `/cards`
 * appears under `/customers/{customer_id}/cards`, a closed purchase moves points and vouchers.
 */
const ALSO_CHANGES: Record<string, string[]> = {
  cards: ['customers'],
  points: ['customers', 'wallet'],
  credits: ['customers', 'wallet'],
  rewards: ['customers', 'wallet'],
  vouchers: ['customers', 'rewards'],
  purchases: ['customers', 'points', 'credits', 'vouchers', 'wallet', 'events'],
  segments: ['customers'],
  'segment-groups': ['segments', 'customers'],
  statuses: ['customers'],
  'customer-sources': ['customers', 'customer-source-records'],
  'customer-source-records': ['customers'],
  'store-groups': ['stores'],
  'store-properties': ['stores'],
  partners: ['stores', 'products', 'customers'],
  'product-brands': ['products'],
  'product-groups': ['products'],
  tokens: ['customers'],
  'point-reservations': ['wallet'],
  events: ['customers'],
};

/** The resource family of an operation: the first segment of its path (`/stores/{store_id}` -> `stores`). */
export function resourceFamily(operation: Pick<ApiOperation, 'path'>): string {
  return operation.path.split('/')[1] ?? '';
}

/** Families whose cached answers a successful write to this operation makes stale. */
export function familiesChangedBy(operation: Pick<ApiOperation, 'path'>): string[] {
  const family = resourceFamily(operation);
  return [family, ...(ALSO_CHANGES[family] ?? [])];
}

/**
 * What the operator API's customer care changes beyond the customer's own family: an adjustment moves
 * points or credits, a blocked card or stamp card shows on the customer, an erasure changes everything
 * the customer had.
 */
const OPERATOR_ALSO_CHANGES: Record<string, string[]> = {
  customers: ['points', 'credits', 'wallet', 'cards', 'vouchers', 'events', 'segments'],
  'stamp-cards': ['customers'],
};

/**
 * Families whose cached answers a successful operator API write makes stale: the operator's paths name
 * the contract's families (`/admin/api/v1/rewards/{reward_key}` writes `rewards`).
 */
export function familiesAnOperatorChanges(route: Pick<ApiOperation, 'path'>): string[] {
  return [...new Set([...familiesChangedBy(route), ...(OPERATOR_ALSO_CHANGES[resourceFamily(route)] ?? [])])];
}

/**
 * Who an answer was computed for. Enterprise answers are kept per API user; Customer-interface answers per
 * logged-in customer, and answers to anonymous devices (which show no customer data) are shared by them.
 */
export function principalOf(actor: Actor | undefined): string {
  if (!actor) return 'public';
  if (actor.kind === 'api_user') return `user:${actor.userId}`;
  return actor.customerId ? `customer:${actor.customerId}` : 'anonymous-device';
}

export interface CacheKeyParts {
  operation: ApiOperation;
  /** Path and query string exactly as requested. */
  url: string;
  acceptLanguage: string | undefined;
  principal: string;
  generation: string;
}

/** A short key naming everything an answer depends on (a hash, so long URLs make no long Redis keys). */
export function responseCacheKey(parts: CacheKeyParts): string {
  const language = (parts.acceptLanguage ?? '').toLowerCase().replace(/\s+/g, '');
  const identity = [parts.operation.apiInterface, parts.operation.version, parts.principal, language, parts.generation, parts.url].join(
    '\n',
  );
  return `response:${createHash('sha256').update(identity).digest('base64url')}`;
}
