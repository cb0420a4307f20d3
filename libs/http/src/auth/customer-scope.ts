import { CommonException } from '../errors/common.exceptions';
import { InvalidReason } from '../errors/invalid-reason';
import { Actor } from './actor';

/**
 * The customer a request may act on. The Enterprise interface may name any customer; on the Customer
 * interface a customer must be logged in and any customer id the caller names must be that customer.
 * `requested` is the id from the path, body or query (absent for the id-less aliases).
 */
export function customerInScope(actor: Actor, requested: string | undefined, field = 'customer_id'): string {
  if (actor.kind === 'api_user') {
    if (requested === undefined) throw CommonException.invalid(field, InvalidReason.Required, `${field} is required`);
    return requested;
  }
  if (!actor.customerId) throw CommonException.customerNotLoggedIn();
  if (requested !== undefined && requested !== actor.customerId) {
    throw CommonException.invalid(field, InvalidReason.NotBelongToLoggedInCustomer, `${field} is not the logged-in customer`, requested);
  }
  return actor.customerId;
}

/**
 * A customer filter as the caller may use it: the Enterprise interface may leave it out or name any
 * customer; on the Customer interface it is always the logged-in customer.
 */
export function customerFilterInScope(actor: Actor, requested: string | undefined): string | undefined {
  return actor.kind === 'device' ? customerInScope(actor, requested) : requested;
}

/**
 * A record named in the URL, as the caller may see it: on the Customer interface a device without a
 * customer is refused (403) and another customer's record is as absent as a missing one (404).
 */
export function visibleRecord<T>(
  actor: Actor,
  record: T | null,
  ownerOf: (record: T) => string | null,
  resourceName: string,
  id: string,
): T {
  const visible = actor.kind === 'device' && record && ownerOf(record) !== customerInScope(actor, undefined) ? null : record;
  if (!visible) throw CommonException.recordNotFound(resourceName, id);
  return visible;
}
