import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { CampaignDefinitionRepository } from '../campaign-definition.repository';
import { CampaignDefinitionDto, CampaignDefinitionListResponseDto, CampaignDefinitionResponseDto } from '../dto/campaign-definition.dto';

@OperatorResource('campaigns')
export class CampaignsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly campaigns: CampaignDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Campaigns', description: 'Active, hidden and deactivated, by name; `q` searches names and external ids.' })
  @ApiOkResponse({ type: CampaignDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('campaigns', await this.campaigns.list(query, toPageRequest(query, [])), (campaign) => campaign);
  }

  @Get(':campaign_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One campaign', description: 'By id, whatever its state. 404 when no campaign has it.' })
  @ApiOkResponse({ type: CampaignDefinitionResponseDto })
  async show(@Param('campaign_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.campaigns, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a campaign', description: 'A name, and optionally an external id and a parent campaign.' })
  @ApiCreatedResponse({ type: CampaignDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: CampaignDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.campaigns, body));
  }

  @Put(':campaign_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a campaign',
    description: 'Replaces the whole campaign; its campaign products stay. The parent may not be the campaign itself nor one beneath it.',
  })
  @ApiOkResponse({ type: CampaignDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('campaign_id') key: string, @Body() body: CampaignDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.campaigns, key, body));
  }

  @Post(':campaign_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a campaign',
    description:
      'State 0: customers no longer see it and no new campaign product or child campaign may name it; its campaign products are kept.',
  })
  @ApiOkResponse({ type: CampaignDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('campaign_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaigns, key, 0));
  }

  @Post(':campaign_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a campaign', description: 'State 1 again.' })
  @ApiOkResponse({ type: CampaignDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('campaign_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.campaigns, key, 1));
  }
}
