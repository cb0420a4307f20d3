import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  StamperCampaignDefinitionDto,
  StamperCampaignDefinitionListResponseDto,
  StamperCampaignDefinitionResponseDto,
} from '../dto/stamper-campaign-definition.dto';
import { StamperCampaignDefinitionRepository } from '../stamper-campaign-definition.repository';

@OperatorResource('stamper-campaigns')
export class StamperCampaignsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly campaigns: StamperCampaignDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Stamp card campaigns',
    description:
      'Active and deactivated, by id; q matches a name. Each with its standing conditions, checkpoints and the cards customers hold.',
  })
  @ApiOkResponse({ type: StamperCampaignDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('stamper_campaigns', await this.campaigns.list(query, toPageRequest(query, [])), (campaign) => campaign);
  }

  @Get(':stamper_campaign_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One stamp card campaign', description: 'By id, deactivated too. 404 when no campaign has it.' })
  @ApiOkResponse({ type: StamperCampaignDefinitionResponseDto })
  async show(@Param('stamper_campaign_id') id: string) {
    return dataEnvelope(await this.lifecycle.show(this.campaigns, id));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a stamp card campaign',
    description:
      'Its conditions (products, groups, brands or an amount), the reward a full card issues and optional checkpoints; rewards by id or code.',
  })
  @ApiCreatedResponse({ type: StamperCampaignDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: StamperCampaignDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.campaigns, body));
  }

  @Put(':stamper_campaign_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a stamp card campaign',
    description:
      'Replaces it: conditions and checkpoints named by id are kept, the others retired with their stamps intact. The stamp count is fixed once customers hold cards.',
  })
  @ApiOkResponse({ type: StamperCampaignDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('stamper_campaign_id') id: string, @Body() body: StamperCampaignDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.campaigns, id, body));
  }

  @Post(':stamper_campaign_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a stamp card campaign',
    description: 'State 0: earns no more stamps; its cards, stamps and vouchers stay.',
  })
  @ApiOkResponse({ type: StamperCampaignDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('stamper_campaign_id') id: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaigns, id, 0));
  }

  @Post(':stamper_campaign_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a stamp card campaign', description: 'State 1 again: purchases earn its stamps.' })
  @ApiOkResponse({ type: StamperCampaignDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('stamper_campaign_id') id: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaigns, id, 1));
  }
}
