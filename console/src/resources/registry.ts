import type { FieldConfig, ResourceConfig } from './resource-config';

const TEXT_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;

const definitions = { read: 'definitions:read', write: 'definitions:write', lifecycle: true, search: true } as const;
const integrations = { read: 'integrations:read', write: 'integrations:write', lifecycle: true, search: true } as const;
const textId: FieldConfig = { source: 'text_id', type: 'text', required: true, pattern: TEXT_ID, list: true, sortable: true };
const name: FieldConfig = { source: 'name', type: 'text', required: true, list: true, sortable: true };
const flag = (source: string): FieldConfig => ({ source, type: 'boolean' });

/** Choices whose names are the catalogue's `console.choices.<set>.<value>`. */
function choices(set: string, values: (string | number)[]): FieldConfig['choices'] {
  return values.map((value) => ({ id: value, name: `console.choices.${set}.${value}` }));
}

const PERMISSIONS = [
  'definitions:read',
  'definitions:write',
  'customers:read',
  'customers:write',
  'privacy:write',
  'figures:read',
  'integrations:read',
  'integrations:write',
  'users:read',
  'users:write',
  'settings:read',
  'settings:write',
  'audit:read',
];

/**
 * Every operator API resource the console offers, by menu group: a few lines each, rendered by the
 * shared pages unless a resource brings its own (`OWN_PAGES` in app.tsx). The fields are the operator API's own (its OpenAPI
 * document, held to this by test/console/registry-matches-operator-api.e2e-spec.ts); a field not listed
 * here is kept as it is on a change: the data provider sends back every field the operator API's write takes.
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
      { source: 'reward_group', type: 'select', choices: choices('reward_group', [0, 1, 2, 4]), required: true, list: true },
      {
        source: 'reward_type_id',
        type: 'select',
        choices: choices('reward_type', ['fixed_discount', 'percentage_discount', 'final_price', 'catalogue_item', 'gift_card']),
        required: true,
      },
      { source: 'reward_type_value', type: 'number' },
      { source: 'points_cost', type: 'number', list: true },
      { source: 'priority', type: 'select', choices: choices('priority', [1, 2, 3, 4, 5, 6, 7, 8, 9]) },
      { source: 'partner_id', type: 'reference', reference: 'partners' },
      { source: 'valid_date_from', type: 'date' },
      { source: 'valid_date_to', type: 'date' },
      {
        source: 'voucher_validity',
        type: 'select',
        choices: choices('voucher_validity', ['interval', 'end_of_time_unit', 'reward_validity']),
      },
      flag('is_automated'),
      { source: 'notes', type: 'translations' },
    ],
  },
  {
    name: 'statuses',
    idField: 'status_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [
      textId,
      name,
      { source: 'tier', type: 'number', required: true, list: true, sortable: true },
      { source: 'qualification_type', type: 'select', choices: choices('qualification_type', [0, 1, 2]), required: true, list: true },
      { source: 'validity_period', type: 'text', required: true, pattern: /^(unlimited|\d+ (days?|weeks?|months?|years?))$/ },
      { source: 'qualification_points', type: 'number' },
      { source: 'qualification_period', type: 'number' },
      { source: 'discount', type: 'number' },
      flag('collection_points'),
      flag('payment_points'),
      { source: 'description', type: 'longtext' },
    ],
  },
  {
    name: 'loyalty-rules',
    idField: 'rule',
    titleField: 'rule',
    group: 'programme',
    read: 'definitions:read',
    write: 'definitions:write',
    search: true,
    editOnly: true,
    fields: [
      { source: 'rule', type: 'text', readOnly: true, list: true },
      { source: 'default', type: 'text', readOnly: true, list: true },
      { source: 'help', type: 'longtext', readOnly: true },
      { source: 'values', type: 'json', required: true },
    ],
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
      { source: 'segment_picture_url', type: 'text' },
    ],
  },
  {
    name: 'segment-groups',
    idField: 'segment_group_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [
      { ...textId, required: false },
      name,
      { source: 'parent_group_id', type: 'reference', reference: 'segment-groups' },
      { source: 'note', type: 'longtext' },
    ],
  },
  {
    name: 'campaigns',
    idField: 'campaign_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [name, { source: 'external_id', type: 'text', list: true }, { source: 'parent_id', type: 'reference', reference: 'campaigns' }],
  },
  {
    name: 'stamper-campaigns',
    idField: 'stamper_campaign_id',
    titleField: 'names.0.text',
    group: 'programme',
    ...definitions,
    fields: [
      { source: 'names', type: 'translations', required: true, list: true },
      { source: 'reward_id', type: 'reference', reference: 'rewards', required: true, list: true },
      { source: 'stamp_count', type: 'number', required: true, list: true },
      { source: 'count_of_campaign_repetitions', type: 'number', required: true },
      { source: 'partner_id', type: 'reference', reference: 'partners' },
      { source: 'valid_from', type: 'text' },
      { source: 'valid_to', type: 'text' },
      { source: 'stamper_conditions', type: 'json', required: true },
      { source: 'stamper_bonus_checkpoints', type: 'json' },
      { source: 'descriptions', type: 'translations' },
    ],
  },
  {
    name: 'customer-sources',
    idField: 'customer_source_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [{ ...textId, source: 'customer_source_text_id' }, name],
  },
  { name: 'customer-types', idField: 'type_id', titleField: 'name', group: 'programme', ...definitions, fields: [textId, name] },
  {
    name: 'card-types',
    idField: 'card_type_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [textId, name, { source: 'prefix', type: 'text', required: true, list: true }, { ...flag('is_default'), list: true }],
  },
  { name: 'interests', idField: 'interest_id', titleField: 'name', group: 'programme', ...definitions, fields: [name] },
  {
    name: 'agreements',
    idField: 'agreement_id',
    titleField: 'name',
    group: 'programme',
    ...definitions,
    fields: [textId, name, { source: 'text', type: 'longtext' }, { source: 'withdrawal_text', type: 'longtext' }],
  },
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
      { source: 'system_id', type: 'text', required: true },
      { source: 'store_group_ids', type: 'references', reference: 'store-groups' },
      { source: 'manager_name', type: 'text' },
      { source: 'contact_email', type: 'text' },
      { source: 'phone_number', type: 'text' },
      { source: 'url_address', type: 'text' },
      { source: 'registration_id', type: 'text' },
      { source: 'short_description', type: 'text' },
      { source: 'description', type: 'longtext' },
    ],
  },
  { name: 'store-groups', idField: 'store_group_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [name] },
  {
    name: 'partners',
    idField: 'partner_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [
      name,
      { source: 'registration_id', type: 'text', list: true },
      { source: 'vat_id', type: 'text' },
      { source: 'email', type: 'text' },
      { source: 'phone', type: 'text' },
    ],
  },
  {
    name: 'tags',
    idField: 'tag_id',
    titleField: 'names.en',
    group: 'catalogue',
    ...definitions,
    fields: [textId, { source: 'names.en', type: 'text', required: true, list: true }],
  },
  {
    name: 'payment-types',
    idField: 'payment_type_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [name, flag('collects_points'), flag('overall_discounts'), flag('pays_by_credits')],
  },
  { name: 'purchase-types', idField: 'purchase_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [textId, name] },
  {
    name: 'purchase-item-types',
    idField: 'purchase_item_type_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [textId, name, flag('collects_points'), flag('rewards_apply'), flag('payable_by_points'), flag('points_payment_only')],
  },
  { name: 'event-groups', idField: 'event_group_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [textId, name] },
  {
    name: 'event-types',
    idField: 'event_type_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [
      textId,
      name,
      { source: 'event_group_id', type: 'reference', reference: 'event-groups', list: true },
      { source: 'icon_name', type: 'text' },
    ],
  },
  { name: 'task-types', idField: 'task_type_id', titleField: 'name', group: 'catalogue', ...definitions, fields: [textId, name] },
  {
    name: 'task-states',
    idField: 'task_state_id',
    titleField: 'name',
    group: 'catalogue',
    ...definitions,
    fields: [textId, name, { ...flag('is_final'), list: true }],
  },
  {
    name: 'message-templates',
    idField: 'message_template_id',
    titleField: 'name',
    group: 'messaging',
    ...definitions,
    fields: [
      name,
      { source: 'communication_channel_id', type: 'select', choices: choices('channel', [1, 2, 4, 5, 9]), required: true, list: true },
      { source: 'message_template_group_id', type: 'select', choices: choices('template_group', [1, 2, 3]), required: true, list: true },
      { source: 'purpose', type: 'select', choices: choices('template_purpose', ['one_time_password', 'password_setup']) },
      flag('consent_free_template'),
      { source: 'sender', type: 'text' },
      { source: 'subject', type: 'text' },
      { source: 'plain_text_body', type: 'longtext' },
      { source: 'html_body', type: 'longtext' },
    ],
  },
  {
    name: 'webhooks',
    idField: 'webhook_id',
    titleField: 'url',
    group: 'integrations',
    ...integrations,
    fields: [
      { source: 'url', type: 'text', required: true, list: true, pattern: /^https?:\/\/\S+$/ },
      { source: 'event_types', type: 'references', reference: 'event-types', referenceKey: 'text_id', list: true },
      { source: 'disabled_reason', type: 'text', readOnly: true, list: true },
    ],
  },
  {
    name: 'applications',
    idField: 'external_application_id',
    titleField: 'name',
    group: 'integrations',
    ...integrations,
    fields: [
      name,
      { ...textId, required: false },
      { source: 'interface', type: 'select', choices: choices('interface', ['enterprise', 'customer']), list: true, createOnly: true },
    ],
  },
  {
    name: 'users',
    idField: 'user_id',
    titleField: 'login',
    group: 'administration',
    read: 'users:read',
    write: 'users:write',
    fields: [
      { source: 'login', type: 'text', required: true, list: true },
      { source: 'roles', type: 'references', reference: 'user-roles', referenceKey: 'text_id', required: true, list: true },
      { source: 'first_name', type: 'text', list: true },
      { source: 'last_name', type: 'text', list: true },
      { source: 'email', type: 'text' },
      { source: 'phone', type: 'text' },
      { source: 'store_id', type: 'reference', reference: 'stores' },
      { source: 'password', type: 'password', createOnly: true },
    ],
  },
  {
    name: 'user-roles',
    idField: 'user_role_id',
    titleField: 'name',
    group: 'administration',
    read: 'users:read',
    write: 'users:write',
    fields: [
      textId,
      name,
      { source: 'permissions', type: 'choices', choices: choices('permission', PERMISSIONS), required: true, list: true },
      { source: 'description', type: 'longtext' },
    ],
  },
  {
    name: 'audit-events',
    idField: 'audit_event_id',
    titleField: 'operation',
    group: 'administration',
    read: 'audit:read',
    fields: [
      { source: 'occurred_at', type: 'text', readOnly: true, list: true },
      { source: 'actor', type: 'text', readOnly: true, list: true },
      { source: 'operation', type: 'text', readOnly: true, list: true },
      { source: 'target_type', type: 'text', readOnly: true, list: true },
      { source: 'target_id', type: 'text', readOnly: true, list: true },
      { source: 'reason', type: 'text', readOnly: true, list: true },
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
