import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, toPageRequest, responseOutput } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { StamperCampaignListResponseDto, StamperCampaignResponseDto } from '../dto/stamper-response.dto';
import { StamperCampaignListQueryDto } from '../dto/stamper.dto';
import { STAMPER_CAMPAIGN_SORT_FIELDS, StamperCampaignService } from '../stamper-campaign.service';
import { toStamperCampaignDto } from '../stamper.mapper';

/** Stamp card campaigns, defined by the operator; the Customer interface sees active ones only. */
@ApiResource('stamper-campaigns')
@ApiTags('Stamper')
export class StamperCampaignsController {
  constructor(
    private readonly campaigns: StamperCampaignService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Stamper campaigns, filtered by name, validity and partner',
    description:
      'Lists stamp card campaigns with names in the language Accept-Language asks for. `name` matches part of a name in any language, ignoring case; `is_valid` compares the validity with now; `valid_from` and `valid_to` keep campaigns whose validity overlaps that range. The Customer interface sees active campaigns only.',
  })
  @ApiOkResponse({ type: StamperCampaignListResponseDto })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: StamperCampaignListQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.campaigns.list(actor, query, toPageRequest(query, STAMPER_CAMPAIGN_SORT_FIELDS));
    return listEnvelope('stamper_campaigns', page, (view) => toStamperCampaignDto(view, responseOutput(this.config, acceptLanguage)));
  }

  @Get(':stamper_campaign_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One stamper campaign',
    description:
      'Reads one campaign, names in the language Accept-Language asks for. 404 when no campaign has this id, and on the Customer interface also when the campaign is not active.',
  })
  @ApiOkResponse({ type: StamperCampaignResponseDto })
  async get(
    @CurrentActor() actor: Actor,
    @Param('stamper_campaign_id') campaignId: string,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    return dataEnvelope(toStamperCampaignDto(await this.campaigns.get(actor, campaignId), responseOutput(this.config, acceptLanguage)));
  }
}
