import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { newId, within } from '../../../libs/core/src';
import { CommonException, InvalidReason } from '../../../libs/http/src';
import { CardEntity, CardState } from './entities/card.entity';

@Injectable()
export class CardLookupService {
  constructor(@InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>) {}

  /** The owner of an active card with this number, if any; a blocked card logs nobody in. */
  async findActiveCardOwner(cardNumber: string): Promise<string | null> {
    const card = await this.cards.findOne({ where: { cardNumber, state: CardState.Active } });
    return card?.customerId ?? null;
  }

  async issueCard(customerId: string, cardNumber: string, manager?: EntityManager): Promise<string> {
    const cards = within(this.cards, manager);
    if (await cards.exists({ where: { cardNumber } })) {
      throw CommonException.invalid('card_number', InvalidReason.AlreadyExists, 'A card with this number exists', cardNumber);
    }
    const id = newId();
    await cards.insert({ id, customerId, cardNumber, state: CardState.Active });
    return id;
  }
}
