import { StoreJson } from '../../reference-data';
import { toVoucherView, VoucherViewRow } from './voucher.repository';

const store: StoreJson = {
  store_id: 's1',
  store_code: 'BRNO',
  name: 'Brno',
  partner_id: 'p1',
  system_id: 'pos',
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
  contact_email: null,
  manager_name: null,
  phone_number: null,
  gps_longitude: 16.6068,
  gps_latitude: null,
  url_address: null,
  opening: [],
  image_urls: ['https://example.test/store.png'],
  visibility_for_customer: 1,
  short_description: 'Central',
  description: 'The central store',
  registration_id: null,
  state: 1,
  created_at: '2024-01-01T00:00:00+00:00',
  last_change: '2024-06-30T22:59:59.999999+00:00',
};

const row = (overrides: Partial<VoucherViewRow> = {}): VoucherViewRow => ({
  voucher_id: 'v1',
  reward_id: 'r1',
  customer_id: 'c1',
  store_id: null,
  code: 'ABC',
  value: '150.50',
  applied_at: null,
  valid_from: new Date('2024-01-01T00:00:00Z'),
  valid_to: null,
  note: 'gift',
  created_at: new Date('2024-01-01T00:00:00Z'),
  last_change: new Date('2024-01-02T00:00:00Z'),
  state: 1,
  reward_code: 'MUG',
  reward_names: { en: 'Mug' },
  reward_notes: {},
  reward_subtitles: {},
  reward_points_cost: '30',
  reward_valid_time_from: '08:00:00',
  reward_valid_time_to: null,
  reward_group: 1,
  reward_type_id: 'rt1',
  reward_priority: null,
  reward_image_urls: [],
  reward_external_urls: [],
  reward_is_automated: false,
  reward_last_change: new Date('2023-12-31T00:00:00Z'),
  reward_state: 1,
  reward_stores: null,
  reward_tags: [],
  reward_rules: [],
  reward_relations: [],
  reward_properties: [],
  ...overrides,
});

describe('toVoucherView', () => {
  it("maps the voucher's and the reward's columns, without stores when they were not asked for", () => {
    const view = toVoucherView(row(), 'UTC');
    expect(view.voucher).toEqual({
      id: 'v1',
      rewardId: 'r1',
      customerId: 'c1',
      storeId: null,
      code: 'ABC',
      value: '150.50',
      appliedAt: null,
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validTo: null,
      note: 'gift',
      createdAt: new Date('2024-01-01T00:00:00Z'),
      lastChange: new Date('2024-01-02T00:00:00Z'),
      state: 1,
    });
    expect(view.reward.reward).toMatchObject({ id: 'r1', code: 'MUG', pointsCost: '30', validTimeFrom: '08:00:00', rewardGroup: 1 });
    expect(view.reward.stores).toBeNull();
  });

  it('answers the stores as reference data does, with their visibility for the reward', () => {
    const [linked] = toVoucherView(row({ reward_stores: [{ visible_for_customer: 0, store }] }), 'Europe/Prague').reward.stores ?? [];
    expect(linked.visibleForCustomer).toBe(0);
    expect(linked.store).toMatchObject({
      store_id: 's1',
      store_address: { address1: 'Main street 1', zip: '60200', city: 'Brno', country_code: 'cz' },
      gps_coordinates: null,
      image_urls: ['https://example.test/store.png'],
      description: 'The central store',
      last_change: '2024-07-01 00:59:59',
    });
  });

  it('turns the aggregated tags and property records into instants, and the relation keys into a set', () => {
    const view = toVoucherView(
      row({
        reward_tags: [{ tag_id: 't1', text_id: 'summer', names: { en: 'Summer' }, state: 1, last_change: '2024-05-01T10:00:00+02:00' }],
        reward_relations: ['product:0', 'product_brand:1'],
        reward_properties: [
          { property_id: 'colour', property_name: 'Colour', property_value: 'red', last_change: '2024-05-01T08:00:00+00:00' },
        ],
      }),
      'UTC',
    );
    expect(view.reward.tags).toEqual([
      { tag_id: 't1', text_id: 'summer', names: { en: 'Summer' }, state: 1, last_change: new Date('2024-05-01T08:00:00Z') },
    ]);
    expect(view.reward.relations).toEqual(new Set(['product:0', 'product_brand:1']));
    expect(view.reward.properties).toEqual([
      {
        owner_id: 'r1',
        property_id: 'colour',
        property_name: 'Colour',
        property_value: 'red',
        last_change: new Date('2024-05-01T08:00:00Z'),
      },
    ]);
  });
});
