import { OrderService } from '../modules/orders';
import { withAdminSession } from './admin-session';
import { parseCommandArgs } from './cli-args';
import { commandOf } from './command-actions';

/** `tessera order move ORDER_ID STATUS`: the operator's (or an e-shop integration's) status moves. */
export const orderCommand = commandOf('order', {
  move: async (args, io) => {
    const [orderId, status] = parseCommandArgs(args, {}, ['ORDER_ID', 'STATUS']).positionals;
    const outcome = await withAdminSession(io, ({ context }) => context.get(OrderService).move(orderId, status));
    io.stdout(`Order ${orderId} moved from ${outcome.from} to ${outcome.to}\n`);
    return 0;
  },
});
