import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { StamperCardListResponseDto, StamperCardResponseDto } from '../dto/stamper-response.dto';
import { StamperCardListQueryDto } from '../dto/stamper.dto';
import { STAMPER_CARD_SORT_FIELDS, StamperCardService } from '../stamper-card.service';
import { toStamperCardDto } from '../stamper.mapper';

/** Customers' stamp cards with their stamps; the Customer interface sees the logged-in customer's. */
@ApiResource('stamper-cards')
@ApiTags('Stamper')
export class StamperCardsController {
  constructor(
    private readonly cards: StamperCardService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Stamper cards, filtered by customer, campaign, state and whether they are full',
    description:
      "Lists stamp cards, oldest first unless sorted, each with its standing stamps in stamp order. On the Customer interface the logged-in customer's cards only; naming another customer is refused.",
  })
  @ApiOkResponse({ type: StamperCardListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: StamperCardListQueryDto) {
    const page = await this.cards.listCards(actor, query, toPageRequest(query, STAMPER_CARD_SORT_FIELDS));
    return listEnvelope('stamper_cards', page, (view) => toStamperCardDto(view, this.config.timeZone));
  }

  @Get(':stamper_card_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One stamper card with its stamps',
    description:
      "Reads one stamp card with its standing stamps; taken-back stamps are left out. 404 when no card has this id, and on the Customer interface also when the card is another customer's.",
  })
  @ApiOkResponse({ type: StamperCardResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('stamper_card_id') cardId: string) {
    return dataEnvelope(toStamperCardDto(await this.cards.getCard(actor, cardId), this.config.timeZone));
  }
}
