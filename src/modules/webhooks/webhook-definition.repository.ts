import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { WebhookDefinitionDto, WebhookDefinitionViewDto } from './dto/webhook-definition.dto';
import { WebhookEndpointService, WebhookEndpointState } from './webhook-endpoint.service';

/** A new endpoint's definition with the secret its creator shows once. */
export type WebhookEndpointInput = WebhookDefinitionDto & { secret?: string };

interface EndpointRow {
  endpoint_id: string;
  url: string;
  event_types: string[];
  state: number;
  disabled_reason: string | null;
  failing_since: Date | null;
  secret_set: boolean;
  previous_secret_until: Date | null;
  created_at: Date;
  last_change: Date;
}

const COLUMNS = `endpoint_id, url, event_types, state, disabled_reason, failing_since, secret IS NOT NULL AS secret_set,
  CASE WHEN previous_secret_until > now() THEN previous_secret_until END AS previous_secret_until, created_at, last_change`;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

const toView = (row: EndpointRow): WebhookDefinitionViewDto => ({
  webhook_id: row.endpoint_id,
  url: row.url,
  event_types: row.event_types,
  state: row.state,
  disabled_reason: row.disabled_reason,
  failing_since: iso(row.failing_since),
  secret_set: row.secret_set,
  previous_secret_until: iso(row.previous_secret_until),
  created_at: new Date(row.created_at).toISOString(),
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * Webhook endpoints as the operator defines them, found by id (a URL may be subscribed twice). The
 * secrets never leave the table through here: the view says whether one is set.
 */
@Injectable()
export class WebhookDefinitionRepository implements DefinitionStore<WebhookEndpointInput, WebhookDefinitionViewDto> {
  readonly kind = 'webhook';
  readonly resource = 'webhooks';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<WebhookDefinitionViewDto>> {
    const found = await queryRowPage<EndpointRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'webhook_endpoints',
        conditions: [
          '($1::text IS NULL OR url ILIKE $1 OR EXISTS (SELECT 1 FROM unnest(event_types) t WHERE t ILIKE $1))',
          '($2::smallint IS NULL OR state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['created_at'],
        id: 'endpoint_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<WebhookDefinitionViewDto | null> {
    const [row] = await manager.query<EndpointRow[]>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE endpoint_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: WebhookDefinitionViewDto): string {
    return view.webhook_id;
  }

  async insert(input: WebhookEndpointInput, manager: EntityManager): Promise<string> {
    return (await this.endpoints.add(input.url, input.event_types ?? [], manager, input.secret)).endpointId;
  }

  async update(id: string, input: WebhookEndpointInput, manager: EntityManager): Promise<void> {
    await this.endpoints.change(id, input.url, input.event_types ?? [], manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.endpoints.setState(id, state === 1 ? WebhookEndpointState.Active : WebhookEndpointState.Deactivated, manager);
  }
}
