import { Injectable } from '@nestjs/common';
import { CustomerService } from '../modules/customers';
import { CardLookupService } from '../modules/loyalty';

export interface CustomerSearchQuery {
  first_name?: string;
  last_name?: string;
  birthdate?: string;
  card_number?: string;
  mode?: 'strict' | 'none';
}

/** Finding a customer by a card number (loyalty) among other criteria, then asking customers. */
@Injectable()
export class CustomerIdentificationFlow {
  constructor(
    private readonly cards: CardLookupService,
    private readonly customers: CustomerService,
  ) {}

  /** Whose credentials these are; a card names the holder of that active card. */
  async verifyCredentials(loginType: 'card' | 'email', loginValue: string, password: string): Promise<string> {
    if (loginType === 'email') return this.customers.verifyCredentials('email', loginValue, password);
    return this.customers.verifyCredentials('id', await this.cards.findActiveCardOwner(loginValue), password);
  }

  async search(query: CustomerSearchQuery): Promise<string[]> {
    const cardOwnerId = query.card_number === undefined ? undefined : await this.cards.findActiveCardOwner(query.card_number);
    return this.customers.search(
      { first_name: query.first_name, last_name: query.last_name, birthdate: query.birthdate, card_owner_id: cardOwnerId },
      query.mode === 'strict',
    );
  }
}
