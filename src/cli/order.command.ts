import { OrderService } from '../modules/orders';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';

/** `tessera order move ORDER_ID STATUS`: the operator's (or an e-shop integration's) status moves. */
export async function orderCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'move': {
      const { positionals } = parseCommandArgs(rest, {}, ['ORDER_ID', 'STATUS']);
      const [orderId, status] = positionals;
      const outcome = await withAdminSession(io, ({ context }) => context.get(OrderService).move(orderId, status));
      io.stdout(`Order ${orderId} moved from ${outcome.from} to ${outcome.to}\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown order command "${action ?? ''}"`);
  }
}
