import { CommonException, InvalidReason } from '@tessera/http';

/** The statuses an order goes through; the API shows them as `order_status`. */
export const ORDER_STATUSES = ['new', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The record state the list's `state` filter reads: 1 while the order is under way, 2 once it is cancelled or returned. */
export enum OrderState {
  Deleted = 0,
  Active = 1,
  Inactive = 2,
}

/**
 * Every allowed move. An order starts as `new`; `cancelled` and `returned` are final. No status is
 * reached twice, so each move is a distinct event for the webhooks.
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

export const INITIAL_ORDER_STATUS: OrderStatus = 'new';

/** What a move changes besides the status. */
export interface OrderStatusMove {
  status: OrderStatus;
  state: OrderState;
  /** Shipping sets the shipping day when none was planned. */
  setsShippingDate: boolean;
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The move from `from` to `to`, or a 400 `not_allowed_value` naming `order_status` when the table has no such move. */
export function moveOrderStatus(from: OrderStatus, to: string): OrderStatusMove {
  if (!isOrderStatus(to)) {
    throw CommonException.invalid('order_status', InvalidReason.NotAllowedValue, `Order statuses are ${ORDER_STATUSES.join(', ')}`, to);
  }
  if (!ORDER_STATUS_MOVES[from].includes(to)) {
    const allowed = ORDER_STATUS_MOVES[from];
    const why =
      allowed.length === 0 ? `an order that is ${from} does not move any more` : `from ${from} an order moves to ${allowed.join(' or ')}`;
    throw CommonException.invalid('order_status', InvalidReason.NotAllowedValue, `The order cannot move from ${from} to ${to}: ${why}`, to);
  }
  return {
    status: to,
    state: to === 'cancelled' || to === 'returned' ? OrderState.Inactive : OrderState.Active,
    setsShippingDate: to === 'shipped',
  };
}
