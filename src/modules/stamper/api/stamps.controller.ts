import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { StamperStampListResponseDto, StamperStampResponseDto } from '../dto/stamper-response.dto';
import { StamperStampListQueryDto } from '../dto/stamper.dto';
import { STAMPER_STAMP_SORT_FIELDS, StamperCardService } from '../stamper-card.service';
import { toStamperStampDto } from '../stamper.mapper';

/** Stamps purchases earned, taken back ones included (state 0); the Customer interface sees the logged-in customer's. */
@ApiResource('stamps')
@ApiTags('Stamper')
export class StampsController {
  constructor(
    private readonly cards: StamperCardService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Stamps, in the order they were collected unless sorted',
    description:
      "Lists stamps, taken-back ones included with state 0; filters by customer, by one or more `stamper_card_id` and by `stamper_condition_id`. On the Customer interface the logged-in customer's stamps only.",
  })
  @ApiOkResponse({ type: StamperStampListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: StamperStampListQueryDto) {
    const page = await this.cards.listStamps(actor, query, toPageRequest(query, STAMPER_STAMP_SORT_FIELDS));
    return listEnvelope('stamper_stamps', page, (stamp) => toStamperStampDto(stamp, this.config.timeZone));
  }

  @Get(':stamper_stamp_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One stamp',
    description:
      "Reads one stamp, also a taken-back one. 404 when no stamp has this id, and on the Customer interface also when the stamp is another customer's.",
  })
  @ApiOkResponse({ type: StamperStampResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('stamper_stamp_id') stampId: string) {
    return dataEnvelope(toStamperStampDto(await this.cards.getStamp(actor, stampId), this.config.timeZone));
  }
}
