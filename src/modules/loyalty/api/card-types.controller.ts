import { Body, Get, HttpCode, Param, Post, Put, Query, Inject } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CARD_TYPE_SORT_FIELDS, CardTypeService } from '../card-type.service';
import { CARD_SORT_FIELDS, CardService } from '../card.service';
import {
  CardListResponseDto,
  CardTypeBodyDto,
  CardTypeCardsQueryDto,
  CardTypeIdResponseDto,
  CardTypeListQueryDto,
  CardTypeListResponseDto,
  CardTypeResponseDto,
} from '../dto/card.dto';
import { toCardDto, toCardTypeDto } from '../loyalty.mapper';

@ApiResource('card-types')
@ApiTags('Card types')
export class CardTypesController {
  constructor(
    private readonly types: CardTypeService,
    private readonly cards: CardService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Card types',
    description: 'Lists card types; the default type holds the cards issued before card types existed.',
  })
  @ApiOkResponse({ type: CardTypeListResponseDto })
  async list(@Query() query: CardTypeListQueryDto) {
    const filter = { name: query.name, textIds: [...(query.text_id ?? []), ...(query.text_id_brackets ?? [])] };
    return listEnvelope('card_types', await this.types.list(filter, toPageRequest(query, CARD_TYPE_SORT_FIELDS)), toCardTypeDto);
  }

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Add a card type',
    description: 'Creates a card type; the numbers of its cards must start with its prefix.',
  })
  @ApiCreatedResponse({ type: CardTypeIdResponseDto })
  async create(@Body() body: CardTypeBodyDto) {
    return dataEnvelope({ card_type_id: await this.types.create(body.card_type) });
  }

  @Get(':card_type_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One card type',
    description: 'Reads one card type.',
  })
  @ApiOkResponse({ type: CardTypeResponseDto })
  async get(@Param('card_type_id') cardTypeId: string) {
    return dataEnvelope(toCardTypeDto(await this.types.get(cardTypeId)));
  }

  @Put(':card_type_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change the name or prefix of a card type',
    description: "Changes a card type's name or prefix.",
  })
  @ApiNoContentResponse()
  async replace(@Param('card_type_id') cardTypeId: string, @Body() body: CardTypeBodyDto): Promise<void> {
    await this.types.replace(cardTypeId, body.card_type);
  }

  @Get(':card_type_id/cards')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Cards of a type',
    description: 'Lists the cards of one card type.',
  })
  @ApiOkResponse({ type: CardListResponseDto })
  async cardsOfType(@CurrentActor() actor: Actor, @Param('card_type_id') cardTypeId: string, @Query() query: CardTypeCardsQueryDto) {
    const filter = { customerId: query.customer_id, isValid: query.is_valid };
    const page = await this.cards.listForType(actor, cardTypeId, filter, toPageRequest(query, CARD_SORT_FIELDS));
    return listEnvelope('cards', page, (card) => toCardDto(card, this.config.timeZone));
  }
}
