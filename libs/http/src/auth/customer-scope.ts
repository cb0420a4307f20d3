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
    throw CommonException.invalid(
      field,
      InvalidReason.NotBelongToLoggedInCustomer,
      `${field} is not the logged-in customer`,
      requested,
    );
  }
  return actor.customerId;
}
