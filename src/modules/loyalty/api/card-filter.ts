import { CardFilter } from '../card.service';
import { CardListQueryDto, CardNumberQueryDto } from '../dto/card.dto';

/** The service filter of a card list query (both spellings of the number list merged). */
export function cardFilterOf(
  query: CardNumberQueryDto & Partial<Pick<CardListQueryDto, 'customer_id' | 'state' | 'search_secondary_card_number'>>,
): CardFilter {
  const cardNumbers = [...(query.card_number_list ?? []), ...(query.card_number_list_brackets ?? [])];
  return {
    customerId: query.customer_id,
    cardTypeId: query.card_type_id,
    cardNumber: query.card_number,
    cardNumbers,
    state: query.state,
    isValid: query.is_valid,
    secondary: query.search_secondary_card_number === true,
  };
}
