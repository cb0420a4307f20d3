import {
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointService,
  WebhookEndpointState,
} from '../modules/webhooks';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

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
export const webhookCommand = cliCommand({
  add: async ([url], options: { events?: string }, io) => {
    const events = (options.events ?? '')
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== '');
    const added = await service(io, (endpoints) => endpoints.add(url, events));
    // The only time the secret is shown: it is stored encrypted.
    io.stdout(`${added.endpointId}\nSecret (shown once): ${added.secret}\n`);
    return 0;
  },
  list: async (_args, options: JsonOption, io) => {
    const rows = (await service(io, (endpoints) => endpoints.list())).map(endpointRow);
    io.stdout(formatRows(ENDPOINT_COLUMNS, rows, options.json, io.terminalColumns));
    return 0;
  },
  remove: async ([endpointId], _options, io) => {
    const removed = await service(io, (endpoints) => endpoints.remove(endpointId));
    if (!removed) {
      io.stderr(`Error: no webhook ${endpointId}\n`);
      return 1;
    }
    io.stdout(`Webhook ${endpointId} removed with its delivery log\n`);
    return 0;
  },
  'rotate-secret': async ([endpointId], _options, io) => {
    const secret = await service(io, (endpoints) => endpoints.rotateSecret(endpointId));
    io.stdout(`New secret (shown once): ${secret}\nThe previous secret keeps signing beside it for 24 hours.\n`);
    return 0;
  },
  deliveries: async ([endpointId], options: JsonOption, io) => {
    const rows = (await service(io, (endpoints) => endpoints.deliveries(endpointId))).map(deliveryRow);
    io.stdout(formatRows(DELIVERY_COLUMNS, rows, options.json, io.terminalColumns));
    return 0;
  },
  replay: async ([endpointId], options: { since?: string }, io) => {
    const queued = await service(io, (endpoints) => endpoints.replay(endpointId, options.since));
    io.stdout(`${queued} event${queued === 1 ? '' : 's'} queued for webhook ${endpointId}\n`);
    return 0;
  },
});

function service<T>(io: CliIo, work: (endpoints: WebhookEndpointService) => Promise<T>): Promise<T> {
  return withAdminSession(io, ({ context }) => work(context.get(WebhookEndpointService)));
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
