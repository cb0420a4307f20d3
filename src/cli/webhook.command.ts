import { cliAuditActor } from '../modules/audit';
import {
  WebhookDefinitionDto,
  WebhookDefinitionRepository,
  WebhookDeliveryStatus,
  WebhookOperationsService,
  type WebhookDefinitionView,
  type WebhookEndpointInput,
} from '../modules/webhooks';
import { withAdminSession } from './admin-session';
import { CliIo } from './cli-io';
import { cliCommand, DefinitionFile, JsonOption } from './cli-command';
import { defineAction } from './command-actions';
import { lifecycleCommand } from './lifecycle-command';
import { formatRows } from './text-table';

const DELIVERY_COLUMNS = ['EVENT ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST CODE', 'DELIVERED / NEXT ATTEMPT', 'LAST ERROR'];
const STATUS_NAMES: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.Pending]: 'pending',
  [WebhookDeliveryStatus.Delivered]: 'delivered',
  [WebhookDeliveryStatus.Failed]: 'failed',
};

const WEBHOOK_FILE: DefinitionFile<WebhookEndpointInput> = {
  type: WebhookDefinitionDto,
  what: 'webhook',
  example: { url: 'https://crm.example.com/hooks', event_types: ['purchase', 'customer_updated'] },
};

const lifecycle = lifecycleCommand<WebhookEndpointInput, WebhookDefinitionView>({
  name: 'webhook',
  store: WebhookDefinitionRepository,
  file: WEBHOOK_FILE,
  // The URL last, as it is the longest.
  columns: ['WEBHOOK ID', 'STATE', 'EVENTS', 'FAILING SINCE', 'URL'],
  row: (webhook) => [
    webhook.webhook_id,
    String(webhook.state),
    webhook.event_types && webhook.event_types.length > 0 ? webhook.event_types.join(',') : '(all)',
    webhook.failing_since ?? '',
    webhook.url,
  ],
  viewOnly: ['webhook_id', 'state', 'disabled_reason', 'failing_since', 'secret_set', 'previous_secret_until', 'created_at', 'last_change'],
});

/** The only time a secret is shown: it is stored encrypted. */
const withSecret = (created: { webhook_id: string; secret: string }, json?: boolean) =>
  json
    ? JSON.stringify({ webhook_id: created.webhook_id, secret: created.secret })
    : `${created.webhook_id}\nSecret (shown once): ${created.secret}`;

/**
 * `tessera webhook ...`: webhook subscriptions, with the lifecycle's verbs (`define` and `add` print the
 * new secret once) and `rotate-secret`, `deliveries` and `replay`; every write audited as the OS user.
 */
export const webhookCommand = cliCommand(
  {
    ...lifecycle.handlers,
    define: defineAction(WEBHOOK_FILE, async (input, io, options) =>
      withSecret(await operations(io, (webhooks) => webhooks.create(cliAuditActor('webhook define'), input)), options.json),
    ),
    add: async ([url], options: { events?: string }, io) => {
      const eventTypes = (options.events ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const created = await operations(io, (webhooks) => webhooks.create(cliAuditActor('webhook add'), { url, event_types: eventTypes }));
      io.stdout(`${withSecret(created)}\n`);
      return 0;
    },
    'rotate-secret': async ([key], _options, io) => {
      const rotated = await operations(io, (webhooks) => webhooks.rotateSecret(cliAuditActor('webhook rotate-secret'), key));
      io.stdout(`New secret (shown once): ${rotated.secret}\nThe previous secret keeps signing beside it for 24 hours.\n`);
      return 0;
    },
    deliveries: async ([key], options: JsonOption, io) => {
      const rows = (await operations(io, (webhooks) => webhooks.deliveries(key))).map((delivery) => {
        const status = delivery.status as WebhookDeliveryStatus;
        return [
          delivery.event_id,
          delivery.event_type,
          STATUS_NAMES[status],
          String(delivery.attempts),
          delivery.last_status_code === null ? '' : String(delivery.last_status_code),
          (status === WebhookDeliveryStatus.Pending ? delivery.next_attempt_at : delivery.delivered_at) ?? '',
          delivery.last_error ?? '',
        ];
      });
      io.stdout(formatRows(DELIVERY_COLUMNS, rows, options.json, io.terminalColumns));
      return 0;
    },
    replay: async ([key], options: { since?: string }, io) => {
      const { webhook, queued } = await operations(io, (webhooks) => webhooks.replay(cliAuditActor('webhook replay'), key, options.since));
      io.stdout(`${queued} event${queued === 1 ? '' : 's'} queued for webhook ${webhook.webhook_id}\n`);
      return 0;
    },
  },
  lifecycle.definition,
);

function operations<T>(io: CliIo, work: (webhooks: WebhookOperationsService) => Promise<T>): Promise<T> {
  return withAdminSession(io, ({ context }) => work(context.get(WebhookOperationsService, { strict: false })));
}
