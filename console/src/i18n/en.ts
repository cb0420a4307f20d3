import englishMessages from 'ra-language-english';

/**
 * Every English text of the console, in one catalogue: react-admin's own texts, the console's, and the
 * resources' names and field labels. Another language is another file of the same shape, added to
 * `i18n-provider.ts`.
 */
export const en = {
  ...englishMessages,
  console: {
    title: 'Tessera console',
    auth: {
      sign_in: 'Sign in',
      sign_in_title: 'Sign in to the Tessera console',
      login: 'Login',
      password: 'Password',
      totp_code: 'Authenticator code',
      totp_hint: 'Enter the six-digit code from your authenticator app.',
      failed: 'Sign-in failed: %{detail}',
      signed_out: 'You are signed out. Please sign in again.',
    },
    menu: {
      dashboard: 'Dashboard',
      customers: 'Customers',
      programme: 'Programme',
      catalogue: 'Catalogue',
      messaging: 'Messaging',
      integrations: 'Integrations',
      administration: 'Administration',
    },
    lifecycle: {
      state: 'State',
      active: 'Active',
      deactivated: 'Deactivated',
      deactivate: 'Deactivate',
      activate: 'Activate',
      deactivated_done: 'Deactivated',
      activated_done: 'Activated again',
      search: 'Search',
    },
    customers: {
      search: 'E-mail, phone, card or name',
      search_hint: 'Find a customer by e-mail, phone, card number or the start of a name.',
      none: 'Nothing here',
      status: 'Status: %{name}',
      profile: 'Profile',
      progress: 'Progress to the next status',
      point_balances: 'Points (with the nearest expiry)',
      credit_balances: 'Credits',
      cards: 'Cards',
      vouchers: 'Active vouchers',
      purchases: 'Last purchases',
      segments: 'Segments',
      consents: 'Consents',
      events: 'Recent events',
      messages: 'Recent messages',
      adjust_points: 'Adjust points',
      adjust_points_hint: 'Positive points are added, negative ones taken. The reason is kept with the movement and in the audit trail.',
      points: 'Points',
      reason: 'Reason',
      adjust: 'Adjust',
      points_adjusted: 'Points adjusted',
      block_card: 'Block card',
      card_blocked: 'Card blocked',
      resend_password: 'Resend password e-mail',
      password_sent: 'A new password link is on its way',
      export: 'Export (JSON)',
      exported: 'Exported',
      erase: 'Erase',
      erase_title: 'Erase this customer?',
      erase_content:
        'Their personal data (name, e-mail, phone, address, consents) is removed for good and their cards stop working. Purchases and point movements stay, without anything that names them. This cannot be undone.',
      erased: 'The customer was erased',
      columns: {
        available_points: 'Available points',
        nearest_expiration: 'Nearest expiry',
        card_number: 'Card number',
        first_name: 'First name',
        last_name: 'Last name',
      },
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
    },
    fields: {
      language_code: 'Language',
      text: 'Text',
    },
    errors: {
      json: 'This is not valid JSON',
      pattern: 'Lowercase letters, digits, - and _ only',
      not_supported: 'The operator API has no such operation',
      forbidden: 'Your role does not allow this',
    },
  },
  resources: {
    customers: {
      name: 'Customer |||| Customers',
      fields: { first_name: 'First name', last_name: 'Last name', email: 'E-mail', phone: 'Phone', matched_card_numbers: 'Matching cards' },
    },
    rewards: {
      name: 'Reward |||| Rewards',
      fields: {
        code: 'Code',
        names: 'Names',
        notes: 'Notes',
        reward_group: 'Reward group',
        reward_type_id: 'Reward type',
        reward_type_value: 'Discount, price or balance',
        points_cost: 'Points cost',
        valid_date_from: 'Valid from (YYYY-MM-DD)',
        valid_date_to: 'Valid to (YYYY-MM-DD)',
        is_automated: 'Applied automatically',
      },
    },
    segments: {
      name: 'Segment |||| Segments',
      fields: { name: 'Name', segment_group_id: 'Segment group', note: 'Note', priority: 'Priority' },
    },
    'segment-groups': { name: 'Segment group |||| Segment groups' },
    'loyalty-rules': { name: 'Loyalty rule |||| Loyalty rules' },
    'stamper-campaigns': { name: 'Stamp-card campaign |||| Stamp-card campaigns' },
    'message-templates': { name: 'Message template |||| Message templates' },
    'user-roles': { name: 'Role |||| Roles' },
    'audit-events': { name: 'Audit event |||| Audit trail' },
    tags: { name: 'Tag |||| Tags', fields: { text_id: 'Text id', names: { en: 'Name (English)' } } },
  },
};

export type Messages = typeof en;
