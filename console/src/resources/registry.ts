import { CustomerList } from '../customers/customer-list';
import { CustomerPicture } from '../customers/customer-picture';
import type { FieldConfig, ResourceConfig } from './resource-config';

const TEXT_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;

const definitions = { read: 'definitions:read', write: 'definitions:write', lifecycle: true, search: true } as const;
const textId: FieldConfig = { source: 'text_id', type: 'text', required: true, pattern: TEXT_ID, list: true, sortable: true };
const name: FieldConfig = { source: 'name', type: 'text', required: true, list: true, sortable: true };
const namesEn: FieldConfig = { source: 'names.en', type: 'text', required: true, list: true };

const REWARD_TYPES = [
  { id: 'fixed_discount', name: 'Product with a fixed discount' },
  { id: 'percentage_discount', name: 'Product with a percentage discount' },
  { id: 'final_price', name: 'Product at a discounted final price' },
  { id: 'catalogue_item', name: 'Catalogue item for points' },
  { id: 'gift_card', name: 'Gift card (multi-purpose)' },
];
const REWARD_GROUPS = [
  { id: 0, name: 'Automatic discount' },
  { id: 1, name: 'Catalogue item or coupon' },
  { id: 2, name: 'Campaign' },
  { id: 4, name: 'Simple reward' },
];

/**
 * Every operator API resource the console offers, by menu group: a few lines each, rendered by the
 * shared pages unless a resource brings its own. A field not listed here is kept as it is on a change:
 * the data provider sends back every field the operator API's write takes.
 */
export const RESOURCES: ResourceConfig[] = [
  {
    name: 'customers',
    idField: 'customer_id',
    titleField: 'email',
    group: 'customers',
    read: 'customers:read',
    searchOnly: true,
    fields: [],
    pages: { list: CustomerList, show: CustomerPicture },
  },
  {
    name: 'rewards',
    idField: 'reward_id',
    titleField: 'code',
    group: 'programme',
    ...definitions,
    fields: [
      { source: 'code', type: 'text', required: true, list: true, sortable: true },
      { source: 'names', type: 'translations', required: true, list: true },
      { source: 'reward_group', type: 'select', choices: REWARD_GROUPS, required: true, list: true },
      { source: 'reward_type_id', type: 'select', choices: REWARD_TYPES, required: true },
      { source: 'reward_type_value', type: 'number' },
      { source: 'points_cost', type: 'number', list: true },
      { source: 'valid_date_from', type: 'text' },
      { source: 'valid_date_to', type: 'text' },
      { source: 'is_automated', type: 'boolean' },
      { source: 'notes', type: 'translations' },
    ],
  },
  {
    name: 'statuses',
    idField: 'status_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [name, { source: 'tier', type: 'number', list: true, sortable: true }, { source: 'conditions', type: 'json' }],
  },
  {
    name: 'loyalty-rules',
    idField: 'rule_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [name, { source: 'rule', type: 'json' }],
  },
  {
    name: 'segments',
    idField: 'segment_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [
      name,
      { source: 'segment_group_id', type: 'reference', reference: 'segment-groups', list: true },
      { source: 'note', type: 'longtext' },
      { source: 'priority', type: 'number', list: true },
    ],
  },
  { name: 'segment-groups', idField: 'segment_group_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  {
    name: 'campaigns',
    idField: 'campaign_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [name, { source: 'definition', type: 'json' }],
  },
  {
    name: 'stamper-campaigns',
    idField: 'stamper_campaign_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [name],
  },
  { name: 'customer-sources', idField: 'customer_source_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  { name: 'customer-types', idField: 'customer_type_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  { name: 'card-types', idField: 'card_type_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  { name: 'interests', idField: 'interest_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  { name: 'agreements', idField: 'agreement_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  {
    name: 'stores',
    idField: 'store_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [
      name,
      { source: 'store_code', type: 'text', required: true, list: true, sortable: true },
      { source: 'partner_id', type: 'reference', reference: 'partners', required: true, list: true },
      { source: 'store_group_ids', type: 'references', reference: 'store-groups' },
      { source: 'phone_number', type: 'text' },
    ],
  },
  { name: 'store-groups', idField: 'store_group_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'partners', idField: 'partner_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'tags', idField: 'tag_id', titleField: 'names.en', group: 'catalogue', ...definitions, fields: [textId, namesEn] },
  { name: 'payment-types', idField: 'payment_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'purchase-types', idField: 'purchase_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'purchase-item-types', idField: 'purchase_item_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'event-groups', idField: 'event_group_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'event-types', idField: 'event_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'task-types', idField: 'task_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  { name: 'task-states', idField: 'task_state_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  {
    name: 'message-templates',
    idField: 'message_template_id',
    titleField: 'name',
    group: 'messaging',
    ...definitions,
    fields: [name, { source: 'subject', type: 'text' }, { source: 'body', type: 'longtext' }],
  },
  {
    name: 'webhooks',
    idField: 'webhook_id',
    titleField: 'url',
    group: 'integrations',
    read: 'integrations:read',
    write: 'integrations:write',
    fields: [
      { source: 'url', type: 'text', required: true, list: true },
      { source: 'event_types', type: 'json', list: false },
    ],
  },
  {
    name: 'applications',
    idField: 'external_application_id',
    titleField: 'name',
    group: 'integrations',
    read: 'integrations:read',
    write: 'integrations:write',
    search: true,
    fields: [name],
  },
  {
    name: 'users',
    idField: 'user_id',
    titleField: 'login',
    group: 'administration',
    read: 'users:read',
    write: 'users:write',
    fields: [{ source: 'login', type: 'text', required: true, list: true }],
  },
  {
    name: 'user-roles',
    idField: 'role_id',
    titleField: 'text_id',
    group: 'administration',
    read: 'users:read',
    write: 'users:write',
    fields: [textId, name],
  },
  {
    name: 'audit-events',
    idField: 'audit_event_id',
    titleField: 'operation',
    group: 'administration',
    read: 'audit:read',
    fields: [
      { source: 'occurred_at', type: 'text', list: true },
      { source: 'operation', type: 'text', list: true },
      { source: 'target_type', type: 'text', list: true },
      { source: 'target_id', type: 'text', list: true },
      { source: 'reason', type: 'text', list: true },
    ],
  },
];

const byName = new Map(RESOURCES.map((resource) => [resource.name, resource]));

export function resourceConfig(name: string): ResourceConfig | undefined {
  return byName.get(name);
}

/** The field a reference to `name` shows and searches by. */
export function referenceTitle(name: string): string {
  return byName.get(name)?.titleField ?? 'name';
}
