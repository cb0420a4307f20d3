import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { HintListResponseDto, HintResponseDto } from '../dto/hint-response.dto';
import { HintListQueryDto } from '../dto/hint.dto';
import { HINT_SORT_FIELDS, HintService } from '../hint.service';
import { toHintDto } from '../hints.mapper';

/** Hints, which the API calls recommendations; the Customer interface sees active ones only. */
@ApiResource('recommendations')
@ApiTags('Hints')
export class HintsController {
  constructor(
    private readonly hints: HintService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Hints',
    description:
      "Lists the hints (the API's recommendations) with their texts, pictures and links; `name` keeps those whose name contains the text, ignoring case. The Customer interface sees only active hints, the Enterprise interface every state.",
  })
  @ApiOkResponse({ type: HintListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: HintListQueryDto) {
    const page = await this.hints.list(actor, query, toPageRequest(query, HINT_SORT_FIELDS));
    return listEnvelope('recommendations', page, (hint) => toHintDto(hint, this.config.timeZone));
  }

  @Get(':recommendation_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One hint',
    description: 'Reads one hint. 404 when no hint has this id, and on the Customer interface also when the hint is not active.',
  })
  @ApiOkResponse({ type: HintResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('recommendation_id') hintId: string): Promise<HintResponseDto> {
    return dataEnvelope(toHintDto(await this.hints.get(actor, hintId), this.config.timeZone));
  }
}
