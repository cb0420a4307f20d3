import { familiesChangedBy } from './response-cache-key';

/**
 * The resource families whose answers show each table the change feed reports. A write the server
 * makes through an operation already makes its families stale; this catches the rest: the CLI, SQL, and
 * another instance whose cache this one does not share. Tables of access (users, applications, tokens,
 * sessions) and customers are left out: no cached answer shows the first, and customers' own writes go
 * through the operations that already drop their answers.
 */
const TABLE_FAMILIES: Readonly<Record<string, string>> = {
  countries: 'countries',
  country_names: 'countries',
  languages: 'languages',
  currencies: 'currencies',
  statuses: 'statuses',
  status_qualification_turnovers: 'statuses',
  stores: 'stores',
  store_property_records: 'stores',
  store_groups: 'store-groups',
  store_group_records: 'store-groups',
  store_properties: 'store-properties',
  store_property_items: 'store-properties',
  partners: 'partners',
  partner_properties: 'partner-properties',
  partner_property_items: 'partner-properties',
  customer_sources: 'customer-sources',
  customer_types: 'customer-types',
  customer_engagement_setups: 'customer-engagement-setups',
  card_types: 'card-types',
  point_types: 'point-types',
  credit_types: 'credit-types',
  reward_types: 'reward-types',
  purchase_types: 'purchase-types',
  purchase_item_types: 'purchase-item-types',
  payment_types: 'payment-types',
  purchase_properties: 'purchase-properties',
  purchase_property_items: 'purchase-properties',
  rewards: 'rewards',
  reward_customer_types: 'rewards',
  reward_product_brands: 'rewards',
  reward_product_groups: 'rewards',
  reward_products: 'rewards',
  reward_segments: 'rewards',
  reward_stores: 'rewards',
  reward_tag_records: 'rewards',
  reward_relation_rules: 'rewards',
  reward_property_records: 'rewards',
  tags: 'rewards',
  reward_properties: 'reward-properties',
  products: 'products',
  product_properties: 'product-properties',
  product_property_items: 'product-properties',
  stamper_campaigns: 'stamper-campaigns',
  stamper_conditions: 'stamper-campaigns',
  stamper_bonus_checkpoints: 'stamper-campaigns',
  event_groups: 'event-groups',
  event_types: 'event-types',
  event_type_properties: 'event-types',
  event_properties: 'event-properties',
  event_property_items: 'event-properties',
  task_properties: 'task-properties',
  task_property_items: 'task-properties',
  booking_ticket_properties: 'booking-ticket-properties',
  booking_ticket_property_items: 'booking-ticket-properties',
  communication_channels: 'communication-channels',
  message_templates: 'message-templates',
};

/** The tables whose changes make cached answers stale. */
export const CACHED_TABLES: readonly string[] = Object.keys(TABLE_FAMILIES);

/** The families a change to `table` makes stale, with those its own family's writes change besides (purchase-item properties share a table). */
export function familiesShowing(table: string): string[] {
  const family = TABLE_FAMILIES[table];
  if (!family) return [];
  const families = familiesChangedBy({ path: `/${family}` });
  return family === 'purchase-properties' ? [...families, 'purchase-item-properties'] : families;
}
