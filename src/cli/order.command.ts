import { OrderService } from '../modules/orders';
import { withAdminSession } from './admin-session';
import { cliCommand } from './cli-command';

/** `tessera order move ORDER_ID STATUS`: the operator's (or an e-shop integration's) status moves. */
export const orderCommand = cliCommand({
  move: async ([orderId, status], _options, io) => {
    const outcome = await withAdminSession(io, ({ context }) => context.get(OrderService).move(orderId, status));
    io.stdout(`Order ${orderId} moved from ${outcome.from} to ${outcome.to}\n`);
    return 0;
  },
});
