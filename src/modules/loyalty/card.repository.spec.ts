import { toCardProfile } from './card.repository';
import { CardState } from './entities/card.entity';

describe('toCardProfile', () => {
  it("maps a card's columns and keeps the driver-parsed timestamps", () => {
    expect(
      toCardProfile({
        card_id: 'k1',
        customer_id: null,
        card_type_id: 't1',
        card_number: '9001',
        secondary_card_number: 'S-9001',
        valid_from: new Date('2024-01-01T00:00:00Z'),
        valid_to: null,
        store_id: 's1',
        last_change: new Date('2024-02-01T12:00:00Z'),
        state: CardState.Blocked,
        created_at: new Date('2023-12-31T00:00:00Z'),
      }),
    ).toEqual({
      id: 'k1',
      customerId: null,
      cardTypeId: 't1',
      cardNumber: '9001',
      secondaryCardNumber: 'S-9001',
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validTo: null,
      storeId: 's1',
      lastChange: new Date('2024-02-01T12:00:00Z'),
      state: CardState.Blocked,
    });
  });
});
