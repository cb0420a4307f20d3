import { Body, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CAMPAIGN_SORT_FIELDS, CampaignService } from '../campaign.service';
import { toCampaignDto } from '../campaigns.mapper';
import {
  CampaignBodyDto,
  CampaignIdResponseDto,
  CampaignListQueryDto,
  CampaignListResponseDto,
  CampaignResponseDto,
} from '../dto/campaign.dto';

/** Campaigns; the Customer interface sees active ones only. */
@ApiResource('campaigns')
@ApiTags('Campaigns')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Campaigns',
    description:
      'Lists campaigns, filtered by part of the name or exactly by external_id, ordered by id unless sorted. On the Customer interface only active ones; anything else answers 404.',
  })
  @ApiOkResponse({ type: CampaignListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CampaignListQueryDto) {
    const page = await this.campaigns.list(actor, query, toPageRequest(query, CAMPAIGN_SORT_FIELDS));
    return listEnvelope('campaigns', page, (campaign) => toCampaignDto(campaign, this.config.timeZone));
  }

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Create a campaign',
    description:
      'Creates an active campaign, optionally under a parent campaign that is not removed. Campaigns cannot be changed or deleted through the API.',
  })
  @ApiCreatedResponse({ type: CampaignIdResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CampaignBodyDto): Promise<CampaignIdResponseDto> {
    return dataEnvelope({ campaign_id: await this.campaigns.create(actor, body.campaign) });
  }

  @Get(':campaign_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One campaign',
    description: 'Reads one campaign. On the Customer interface only active ones; anything else answers 404.',
  })
  @ApiOkResponse({ type: CampaignResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('campaign_id') campaignId: string): Promise<CampaignResponseDto> {
    return dataEnvelope(toCampaignDto(await this.campaigns.get(actor, campaignId), this.config.timeZone));
  }
}
