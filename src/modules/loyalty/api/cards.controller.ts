import { Body, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  Actor,
  ApiInterface,
  ApiResource,
  batchAnswer,
  CurrentActor,
  dataEnvelope,
  ErrorProcessing,
  listEnvelope,
  Offers,
  RequiresCustomer,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CARD_SORT_FIELDS, CardService } from '../card.service';
import { DigitalCardService } from '../digital-card.service';
import {
  AssignFreeCardBodyDto,
  CardBatchBodyDto,
  CardBodyDto,
  CardFileUrlResponseDto,
  CardIdResponseDto,
  CardListQueryDto,
  CardListResponseDto,
  CardResponseDto,
  FreeCardValidationResponseDto,
  IsicCardValidationResponseDto,
  GenerateDigitalCardFileBodyDto,
  GeneratePassMachineCardBodyDto,
  ValidateFreeCardBodyDto,
  ValidateIsicCardBodyDto,
} from '../dto/card.dto';
import { toCardDto } from '../loyalty.mapper';
import { cardFilterOf } from './card-filter';

/** Cards: the Customer interface sees only the logged-in customer's cards; creating cards is the Enterprise interface's. */
@ApiResource('cards')
@ApiTags('Cards')
export class CardsController {
  constructor(
    private readonly cards: CardService,
    private readonly digitalCards: DigitalCardService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Cards',
    description: "Lists loyalty cards; on the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: CardListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CardListQueryDto) {
    const page = await this.cards.list(actor, cardFilterOf(query), toPageRequest(query, CARD_SORT_FIELDS));
    return listEnvelope('cards', page, (card) => toCardDto(card, this.config.timeZone));
  }

  @Get(':card_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One card',
    description: "Reads one card by id; on the Customer interface only the logged-in customer's own cards.",
  })
  @ApiOkResponse({ type: CardResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('card_id') cardId: string) {
    return dataEnvelope(toCardDto(await this.cards.get(actor, cardId), this.config.timeZone));
  }

  @Put(':card_id')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Replace a card (validity, state, holder); fields left out are cleared',
    description:
      "Replaces a card's validity, state and holder; fields left out are cleared. On the Customer interface it works on the customer's own card or a free one, which then belongs to the logged-in customer.",
  })
  @ApiNoContentResponse()
  async replace(@CurrentActor() actor: Actor, @Param('card_id') cardId: string, @Body() body: CardBodyDto): Promise<void> {
    await this.cards.replace(actor, cardId, body.card);
  }

  @Post('actions/assign-free-card')
  @Offers('both')
  @HttpCode(200)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Give a customer a free card of a type (at most one per type)',
    description:
      'Gives a customer the named card, or the oldest free card of the type (active, valid and held by nobody). A customer holds at most one card per type; a blocked card answers 400 card_is_blocked.',
  })
  @ApiOkResponse({ type: CardIdResponseDto })
  async assignFreeCard(@CurrentActor() actor: Actor, @Body() body: AssignFreeCardBodyDto) {
    return dataEnvelope({ card_id: await this.cards.assignFreeCard(actor, body) });
  }

  @Post('actions/validate-free-card')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whether a card exists, is active, valid and held by nobody',
    description: 'Checks that a card could be assigned: it exists, is active, is within its validity and nobody holds it. Changes nothing.',
  })
  @ApiOkResponse({ type: FreeCardValidationResponseDto })
  async validateFreeCard(@Body() body: ValidateFreeCardBodyDto) {
    return dataEnvelope({ is_free_to_use: await this.cards.isFreeToUse(body.card_number) });
  }

  @Post('actions/generate-digital-card-file')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Render a card as a barcode or QR image and return its URL (wallet passes need a signing certificate)',
    description:
      'Renders the card number as a Code 128 barcode (png) or a QR code (qr-png) and returns a file_url that needs no token to fetch. Wallet passes need an Apple pass-signing certificate, which cannot be configured yet, so they answer 403.',
  })
  @ApiOkResponse({ type: CardFileUrlResponseDto })
  async generateDigitalCardFile(
    @CurrentActor() actor: Actor,
    @Body() body: GenerateDigitalCardFileBodyDto,
    @Req() request: FastifyRequest,
  ) {
    const origin = `${request.protocol}://${request.host}`;
    return dataEnvelope({ file_url: await this.digitalCards.generate(actor, body.card_id, body.file_type, origin) });
  }

  @Post('actions/generate-pass-machine-card')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'PassMachine card link: answers 403 unless a PassMachine account is configured',
    description:
      'Would create a PassMachine digital card link. No PassMachine account can be configured on this server yet, so it answers 403 operation_not_allowed_exception.',
  })
  @ApiOkResponse({ type: CardFileUrlResponseDto })
  generatePassMachineCard(@Body() _body: GeneratePassMachineCardBodyDto) {
    return this.digitalCards.passMachineCard();
  }

  @Post('actions/validate-isic-card')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'ISIC card check: answers 403 unless an ISIC verifier is configured',
    description:
      'Would check an ISIC student card with the ISIC service. No ISIC verifier can be configured on this server yet, so it answers 403 operation_not_allowed_exception.',
  })
  @ApiOkResponse({ type: IsicCardValidationResponseDto })
  validateIsicCard(@Body() _body: ValidateIsicCardBodyDto) {
    return this.digitalCards.validateIsicCard();
  }

  @Post()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Create a card',
    description: "Creates a card. Card numbers are unique (400 already_exists) and must start with their card type's prefix.",
  })
  @ApiCreatedResponse({ type: CardIdResponseDto })
  async create(@Body() body: CardBodyDto) {
    return dataEnvelope({ card_id: await this.cards.create(body.card) });
  }

  @Post('batch')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create up to 1000 cards; error_processing 2 keeps the valid ones and answers 200 with the errors',
    description:
      'Creates up to 1000 cards. With error_processing 1 all are stored or none; with 2 the valid ones are stored and, if any failed, the answer is 200 with data.errors listing each failed index and its invalid params.',
  })
  @ApiNoContentResponse({ description: 'Every card was created' })
  async batch(@Body() body: CardBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.cards.createBatch(body.cards, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
