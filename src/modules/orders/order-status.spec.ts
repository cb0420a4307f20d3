import { CommonException } from '@tessera/http';
import { moveOrderStatus, ORDER_STATUSES, ORDER_STATUS_MOVES, OrderState, OrderStatus } from './order-status';

const ALLOWED: [OrderStatus, OrderStatus, OrderState, boolean][] = [
  ['new', 'processing', OrderState.Active, false],
  ['new', 'cancelled', OrderState.Inactive, false],
  ['processing', 'shipped', OrderState.Active, true],
  ['processing', 'cancelled', OrderState.Inactive, false],
  ['shipped', 'delivered', OrderState.Active, false],
  ['shipped', 'returned', OrderState.Inactive, false],
  ['delivered', 'returned', OrderState.Inactive, false],
];

function refusal(from: OrderStatus, to: string): unknown {
  try {
    moveOrderStatus(from, to);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('order status moves', () => {
  it.each(ALLOWED)('moves %s to %s (state %s, sets shipping date: %s)', (from, to, state, setsShippingDate) => {
    expect(moveOrderStatus(from, to)).toEqual({ status: to, state, setsShippingDate });
  });

  const allowedPairs = new Set(ALLOWED.map(([from, to]) => `${from}>${to}`));
  const refused = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)).filter(
    ([from, to]) => !allowedPairs.has(`${from}>${to}`),
  );

  it.each(refused)('refuses %s to %s, naming order_status', (from, to) => {
    const error = refusal(from, to);
    expect(error).toBeInstanceOf(CommonException);
    expect((error as CommonException).details.data?.params).toEqual([
      expect.objectContaining({ name: 'order_status', reason: 'not_allowed_value', value: to }),
    ]);
  });

  it('refuses a status that does not exist', () => {
    const error = refusal('new', 'lost');
    expect((error as CommonException).details.data?.params).toEqual([
      expect.objectContaining({ name: 'order_status', reason: 'not_allowed_value', value: 'lost' }),
    ]);
  });

  it('lists exactly the tested moves, and none into the first status', () => {
    const tableMoves = Object.entries(ORDER_STATUS_MOVES).flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`));
    expect(new Set(tableMoves)).toEqual(allowedPairs);
    expect(tableMoves.some((move) => move.endsWith('>new'))).toBe(false);
  });
});
