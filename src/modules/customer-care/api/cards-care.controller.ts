import { HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { CustomerCareService } from '../customer-care.service';

const CARD_STATE_EXAMPLE = {
  data: { card_id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', customer_id: '8e1f2a3b4c5d6e7f8091a2b3c4d5e6f7', state: 2 },
};

/** Blocking a lost or stolen loyalty card, and giving it back. */
@OperatorResource('cards')
export class CardsCareController {
  constructor(private readonly care: CustomerCareService) {}

  @Post(':card_id/actions/block')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({ summary: 'Block a card', description: 'The card can no longer identify the customer; webhooks hear of it.' })
  @ApiOkResponse({ schema: { example: CARD_STATE_EXAMPLE } })
  async block(@OperatorWriter() actor: AuditActor, @Param('card_id') cardId: string) {
    return dataEnvelope(await this.care.blockCard(actor, cardId));
  }

  @Post(':card_id/actions/unblock')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({ summary: 'Unblock a card', description: 'The card is active again.' })
  @ApiOkResponse({ schema: { example: { data: { ...CARD_STATE_EXAMPLE.data, state: 1 } } } })
  async unblock(@OperatorWriter() actor: AuditActor, @Param('card_id') cardId: string) {
    return dataEnvelope(await this.care.unblockCard(actor, cardId));
  }
}
