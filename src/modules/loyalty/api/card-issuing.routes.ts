import { Body, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { batchAnswer, dataEnvelope, ErrorProcessing } from '../../../../libs/http/src';
import { CardService } from '../card.service';
import { CardBatchBodyDto, CardBodyDto } from '../dto/card.dto';

/** Creating cards: only the Enterprise interface offers it. */
@ApiTags('Cards')
export abstract class CardIssuingRoutes {
  constructor(private readonly cards: CardService) {}

  @Post()
  @ApiOperation({ summary: 'Create a card' })
  async create(@Body() body: CardBodyDto) {
    return dataEnvelope({ card_id: await this.cards.create(body.card) });
  }

  @Post('batch')
  @HttpCode(204)
  @ApiOperation({ summary: 'Create up to 1000 cards; error_processing 2 keeps the valid ones and answers 200 with the errors' })
  async batch(@Body() body: CardBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.cards.createBatch(body.cards, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
