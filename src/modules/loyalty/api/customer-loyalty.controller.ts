import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CARD_SORT_FIELDS, CardService } from '../card.service';
import { CardListResponseDto, CardNumberQueryDto } from '../dto/card.dto';
import { CustomerPointListQueryDto, PointListResponseDto } from '../dto/points.dto';
import { toCardDto, toPointDto } from '../loyalty.mapper';
import { POINT_SORT_FIELDS, PointLedgerService } from '../point-ledger.service';
import { cardFilterOf } from './card-filter';

/** A customer's cards and points, under /customers/{customer_id}. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerLoyaltyController {
  constructor(
    private readonly cards: CardService,
    private readonly points: PointLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/cards')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's cards",
    description: "Lists the cards a customer holds. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: CardListResponseDto })
  async cardsOf(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: CardNumberQueryDto) {
    const page = await this.cards.listForCustomer(actor, customerId, cardFilterOf(query), toPageRequest(query, CARD_SORT_FIELDS));
    return listEnvelope('cards', page, (card) => toCardDto(card, this.config.timeZone));
  }

  @Get(':customer_id/points')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's point records",
    description:
      "Lists a customer's point records, assignments with what is left of them and reductions. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PointListResponseDto })
  async pointsOf(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: CustomerPointListQueryDto) {
    const page = await this.points.listForCustomer(actor, customerId, query.point_type_id, toPageRequest(query, POINT_SORT_FIELDS));
    return listEnvelope('points', page, (point) => toPointDto(point, this.config.timeZone));
  }
}
