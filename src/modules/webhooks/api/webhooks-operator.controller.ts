import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  WebhookDefinitionDto,
  WebhookDefinitionListResponseDto,
  WebhookDefinitionResponseDto,
  WebhookDeliveriesResponseDto,
  WebhookReplayDto,
  WebhookReplayResponseDto,
  WebhookWithSecretResponseDto,
} from '../dto/webhook-definition.dto';
import { WebhookDefinitionRepository } from '../webhook-definition.repository';
import { WebhookOperationsService } from '../webhook-operations.service';

@OperatorResource('webhooks')
export class WebhooksOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly webhooks: WebhookDefinitionRepository,
    private readonly operations: WebhookOperationsService,
  ) {}

  @Get()
  @OperatorAccess('integrations:read')
  @ApiOperation({ summary: 'Webhooks', description: 'Every subscription, in the order made; q matches the URL or an event type.' })
  @ApiOkResponse({ type: WebhookDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('webhooks', await this.webhooks.list(query, toPageRequest(query, [])), (webhook) => webhook);
  }

  @Get(':webhook_id')
  @OperatorAccess('integrations:read')
  @ApiOperation({ summary: 'One webhook', description: 'Whether a secret is set, never the secret. 404 when no webhook has the id.' })
  @ApiOkResponse({ type: WebhookDefinitionResponseDto })
  async show(@Param('webhook_id') id: string) {
    return dataEnvelope(await this.lifecycle.show(this.webhooks, id));
  }

  @Get(':webhook_id/deliveries')
  @OperatorAccess('integrations:read')
  @ApiOperation({ summary: "A webhook's deliveries", description: 'The newest 100, newest first, with their outcome.' })
  @ApiOkResponse({ type: WebhookDeliveriesResponseDto })
  async deliveries(@Param('webhook_id') id: string) {
    return dataEnvelope(await this.operations.deliveries(id));
  }

  @Post()
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: 'Create a webhook',
    description: 'Subscribes a URL to event types (none, every type). The answer holds its signing secret, shown only this once.',
  })
  @ApiCreatedResponse({ type: WebhookWithSecretResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: WebhookDefinitionDto) {
    return dataEnvelope(await this.operations.create(actor, body));
  }

  @Put(':webhook_id')
  @OperatorAccess('integrations:write')
  @ApiOperation({ summary: 'Change a webhook', description: 'Replaces its URL and event types; its secret, state and deliveries stay.' })
  @ApiOkResponse({ type: WebhookDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('webhook_id') id: string, @Body() body: WebhookDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.webhooks, id, body));
  }

  @Post(':webhook_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({ summary: 'Deactivate a webhook', description: 'State 0: sent nothing; kept with its delivery log.' })
  @ApiOkResponse({ type: WebhookDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('webhook_id') id: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.webhooks, id, 0));
  }

  @Post(':webhook_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: 'Activate a webhook',
    description: 'State 1, also after it was disabled for failing; deliveries still pending are sent, new events again too.',
  })
  @ApiOkResponse({ type: WebhookDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('webhook_id') id: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.webhooks, id, 1));
  }

  @Post(':webhook_id/actions/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: "Rotate a webhook's secret",
    description: 'A new signing secret, shown only in this answer; the previous one also signs for 24 hours.',
  })
  @ApiOkResponse({ type: WebhookWithSecretResponseDto })
  async rotateSecret(@OperatorWriter() actor: AuditActor, @Param('webhook_id') id: string) {
    return dataEnvelope(await this.operations.rotateSecret(actor, id));
  }

  @Post(':webhook_id/actions/replay')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: "Replay a webhook's events",
    description: 'Sends its events (since a time, or all) again, in order and with their ids; makes the webhook active.',
  })
  @ApiOkResponse({ type: WebhookReplayResponseDto })
  async replay(@OperatorWriter() actor: AuditActor, @Param('webhook_id') id: string, @Body() body: WebhookReplayDto) {
    return dataEnvelope(await this.operations.replay(actor, id, body.since));
  }
}
