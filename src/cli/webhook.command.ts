import {
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointService,
  WebhookEndpointState,
} from '../modules/webhooks';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { textTable } from './text-table';

/** The URL last, as it is the longest. */
const ENDPOINT_COLUMNS = ['WEBHOOK ID', 'STATE', 'EVENTS', 'FAILING SINCE', 'URL'];
const DELIVERY_COLUMNS = ['EVENT ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST CODE', 'DELIVERED / NEXT ATTEMPT', 'LAST ERROR'];
const STATE_NAMES: Record<WebhookEndpointState, string> = {
  [WebhookEndpointState.Active]: 'active',
  [WebhookEndpointState.Disabled]: 'disabled',
};
const STATUS_NAMES: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.Pending]: 'pending',
  [WebhookDeliveryStatus.Delivered]: 'delivered',
  [WebhookDeliveryStatus.Failed]: 'failed',
};

/** `tessera webhook add|list|remove|rotate-secret|deliveries|replay`: webhook subscriptions. */
export async function webhookCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const service = <T>(work: (endpoints: WebhookEndpointService) => Promise<T>): Promise<T> =>
    withAdminSession(io, ({ context }) => work(context.get(WebhookEndpointService)));
  switch (action) {
    case 'add': {
      const { values, positionals } = parseCommandArgs(rest, { events: { type: 'string' } }, ['URL']);
      const events = (values.events ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const added = await service((endpoints) => endpoints.add(positionals[0], events));
      // The only time the secret is shown: it is stored encrypted.
      io.stdout(`${added.endpointId}\nSecret (shown once): ${added.secret}\n`);
      return 0;
    }
    case 'list': {
      parseCommandArgs(rest, {});
      io.stdout(textTable(ENDPOINT_COLUMNS, (await service((endpoints) => endpoints.list())).map(endpointRow)));
      return 0;
    }
    case 'remove': {
      const [endpointId] = parseCommandArgs(rest, {}, ['ID']).positionals;
      const removed = await service((endpoints) => endpoints.remove(endpointId));
      if (!removed) {
        io.stderr(`Error: no webhook ${endpointId}\n`);
        return 1;
      }
      io.stdout(`Webhook ${endpointId} removed with its delivery log\n`);
      return 0;
    }
    case 'rotate-secret': {
      const [endpointId] = parseCommandArgs(rest, {}, ['ID']).positionals;
      const secret = await service((endpoints) => endpoints.rotateSecret(endpointId));
      io.stdout(`New secret (shown once): ${secret}\nThe previous secret keeps signing beside it for 24 hours.\n`);
      return 0;
    }
    case 'deliveries': {
      const [endpointId] = parseCommandArgs(rest, {}, ['ID']).positionals;
      io.stdout(textTable(DELIVERY_COLUMNS, (await service((endpoints) => endpoints.deliveries(endpointId))).map(deliveryRow)));
      return 0;
    }
    case 'replay': {
      const { values, positionals } = parseCommandArgs(rest, { since: { type: 'string' } }, ['ID']);
      const queued = await service((endpoints) => endpoints.replay(positionals[0], values.since));
      io.stdout(`${queued} event${queued === 1 ? '' : 's'} queued for webhook ${positionals[0]}\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown webhook command "${action ?? ''}"`);
  }
}

function endpointRow(endpoint: WebhookEndpoint): string[] {
  return [
    endpoint.endpointId,
    STATE_NAMES[endpoint.state],
    endpoint.eventTypes.length > 0 ? endpoint.eventTypes.join(',') : '(all)',
    endpoint.failingSince?.toISOString() ?? '',
    endpoint.url,
  ];
}

function deliveryRow(delivery: WebhookDeliveryRecord): string[] {
  const when = delivery.status === WebhookDeliveryStatus.Pending ? delivery.nextAttemptAt : delivery.deliveredAt;
  return [
    delivery.eventId,
    delivery.eventType,
    STATUS_NAMES[delivery.status],
    String(delivery.attempts),
    delivery.lastStatusCode === null ? '' : String(delivery.lastStatusCode),
    when?.toISOString() ?? '',
    delivery.lastError ?? '',
  ];
}
