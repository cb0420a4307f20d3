import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../../../libs/core/src';
import { CardEntity, CardState } from './entities/card.entity';

@Injectable()
export class CardLookupService {
  constructor(@InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>) {}

  /** The owner of an active card with this number, if any; a blocked card logs nobody in. */
  async findActiveCardOwner(cardNumber: string): Promise<string | null> {
    const card = await this.cards.findOne({ where: { cardNumber, state: CardState.Active } });
    return card?.customerId ?? null;
  }

  async issueCard(customerId: string, cardNumber: string): Promise<string> {
    const id = newId();
    await this.cards.insert({ id, customerId, cardNumber, state: CardState.Active });
    return id;
  }
}
