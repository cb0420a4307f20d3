import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { inTransaction, newId, within } from '@tessera/core';
import { CommonException, InvalidReason } from '@tessera/http';
import { writeOutboxEvent } from '../../platform/outbox';
import { CardTypeService } from './card-type.service';
import { CardEntity, CardState } from './entities/card.entity';

/** What authentication and the admin CLI need from cards: login by card number and issuing a card. */
@Injectable()
export class CardLookupService {
  constructor(
    @InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>,
    private readonly types: CardTypeService,
  ) {}

  /** The owner of an active card with this number, if any; a blocked card logs nobody in. */
  async findActiveCardOwner(cardNumber: string): Promise<string | null> {
    const card = await this.cards.findOne({ where: { cardNumber, state: CardState.Active } });
    return card?.customerId ?? null;
  }

  /** The card with this number (primary or secondary), whoever holds it and whether it is blocked. */
  async findByNumber(cardNumber: string, manager?: EntityManager): Promise<{ customerId: string | null; blocked: boolean } | null> {
    const cards = await within(this.cards, manager)
      .createQueryBuilder('c')
      .where('c.card_number = :cardNumber OR c.secondary_card_number = :cardNumber', { cardNumber })
      .getMany();
    const card = cards.find((candidate) => candidate.cardNumber === cardNumber) ?? cards[0];
    return card ? { customerId: card.customerId, blocked: card.state !== CardState.Active } : null;
  }

  /**
   * Issues an active card of the default card type to the customer, with its `card_issued` event in the
   * same transaction: the caller's, when given one.
   */
  async issueCard(customerId: string, cardNumber: string, manager?: EntityManager): Promise<string> {
    return inTransaction(this.cards.manager.connection, manager, async (m) => {
      const cards = m.getRepository(CardEntity);
      if (await cards.exists({ where: { cardNumber } })) {
        throw CommonException.invalid('card_number', InvalidReason.AlreadyExists, 'A card with this number exists', cardNumber);
      }
      const type = await this.types.defaultType(m);
      const id = newId();
      await cards.insert({ id, customerId, cardTypeId: type.id, cardNumber, state: CardState.Active });
      await writeOutboxEvent(m, {
        type: 'card_issued',
        customerId,
        externalId: id,
        data: { card_id: id, card_type_id: type.id, card_number: cardNumber },
      });
      return id;
    });
  }
}
