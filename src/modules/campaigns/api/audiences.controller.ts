import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInterface, ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { AUDIENCE_SORT_FIELDS, AudienceService } from '../audience.service';
import { toAudienceDto } from '../campaigns.mapper';
import { AudienceListQueryDto, AudienceListResponseDto, AudienceResponseDto } from '../dto/audience.dto';

/** Audiences, which the operator keeps; the Enterprise interface only. */
@ApiResource('audiences')
@ApiTags('Audiences')
export class AudiencesController {
  constructor(
    private readonly audiences: AudienceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Audiences',
    description:
      'Lists the audiences the operator keeps, each with its state; name matches any part of the name, case-insensitively, and communication_channel_id takes a channel id or its numeric code (an unknown channel is a 400). Enterprise interface only.',
  })
  @ApiOkResponse({ type: AudienceListResponseDto })
  async list(@Query() query: AudienceListQueryDto) {
    const page = await this.audiences.list(query, toPageRequest(query, AUDIENCE_SORT_FIELDS));
    return listEnvelope('audiences', page, (audience) => toAudienceDto(audience, this.config.timeZone));
  }

  @Get(':audience_id')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'One audience',
    description: 'Returns an audience by its id, whatever its state; 404 when there is none. Enterprise interface only.',
  })
  @ApiOkResponse({ type: AudienceResponseDto })
  async get(@Param('audience_id') audienceId: string): Promise<AudienceResponseDto> {
    return dataEnvelope(toAudienceDto(await this.audiences.get(audienceId), this.config.timeZone));
  }
}
