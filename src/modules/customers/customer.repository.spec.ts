import { CustomerViewRow, toCustomerView } from './customer.repository';
import { CustomerState } from './entities/customer.entity';

const row = (overrides: Partial<CustomerViewRow> = {}): CustomerViewRow => ({
  customer_id: 'c1',
  salutation: null,
  gender: 2,
  first_name: 'Jana',
  last_name: 'Nováková',
  pre_nominals: null,
  post_nominals: null,
  birthdate: '1990-05-17',
  email: 'jana@example.test',
  phone: null,
  language_id: 'cs',
  store_id: null,
  address1: 'Main street 1',
  address2: null,
  address3: null,
  address4: null,
  address5: null,
  address6: null,
  address7: null,
  zip: '60200',
  city: 'Brno',
  country_code: 'cz',
  doi_email: null,
  doi_phone: new Date('2024-03-01T08:30:15Z'),
  last_change: new Date('2024-06-30T22:59:59Z'),
  state: CustomerState.Active,
  photo_id: null,
  consents: [],
  ...overrides,
});

describe('toCustomerView', () => {
  it('maps the columns to the profile and keeps the driver-parsed timestamps', () => {
    const view = toCustomerView(row({ photo_id: 'p1' }));
    expect(view.customer).toEqual({
      id: 'c1',
      salutation: null,
      gender: 2,
      firstName: 'Jana',
      lastName: 'Nováková',
      preNominals: null,
      postNominals: null,
      birthdate: '1990-05-17',
      email: 'jana@example.test',
      phone: null,
      languageId: 'cs',
      storeId: null,
      address1: 'Main street 1',
      address2: null,
      address3: null,
      address4: null,
      address5: null,
      address6: null,
      address7: null,
      zip: '60200',
      city: 'Brno',
      countryCode: 'cz',
      doiEmail: null,
      doiPhone: new Date('2024-03-01T08:30:15Z'),
      lastChange: new Date('2024-06-30T22:59:59Z'),
      state: CustomerState.Active,
    });
    expect(view.photoId).toBe('p1');
    expect(view.consents).toEqual([]);
  });

  it('turns the aggregated consents, in their order, into consents with instants and their text ids', () => {
    const view = toCustomerView(
      row({
        consents: [
          { agreement_id: 'a1', text_id: 'gtc', consent_value: 1, last_change: '2023-12-31T23:00:00.999999+00:00' },
          { agreement_id: 'b2', text_id: 'loyalty_club', consent_value: 0, last_change: '2024-01-01T01:30:00+05:30' },
        ],
      }),
    );
    expect(view.consents).toEqual([
      { agreementId: 'a1', textId: 'gtc', consentValue: 1, lastChange: new Date('2023-12-31T23:00:00.999Z') },
      { agreementId: 'b2', textId: 'loyalty_club', consentValue: 0, lastChange: new Date('2023-12-31T20:00:00Z') },
    ]);
  });
});
