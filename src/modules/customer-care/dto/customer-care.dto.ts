/**
 * What the customer-care services answer: plain objects with the API's snake_case names, so a controller
 * returns them as they are. Amounts are numbers as the API writes them; timestamps ISO 8601 text.
 */

export interface CustomerSearchQuery {
  /** An e-mail address, phone number, card number, external id, customer id, or the start of a name ("Jan", "Nov", "Jan Nov"). */
  text: string;
  /** Rows answered at most: 20 unless given, 100 at most. */
  limit?: number;
}

export interface CustomerSearchRow {
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  state: number;
  /** The customer's card numbers the text matched (empty when it matched something else). */
  matched_card_numbers: string[];
}

export interface PictureProfile {
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  salutation: string | null;
  gender: number | null;
  birthdate: string | null;
  email: string | null;
  phone: string | null;
  language_id: string | null;
  store_id: string | null;
  state: number;
  address: {
    address1: string | null;
    address2: string | null;
    address3: string | null;
    zip: string | null;
    city: string | null;
    country_code: string | null;
  };
  created_at: string;
  last_change: string;
}

export interface StatusProgress {
  currency_id: string;
  /** Turnover the next status needs within its qualification period. */
  required: number;
  /** Turnover of the customer's purchases (cancelled ones left out) within that period. */
  achieved: number;
}

export interface PictureStatus {
  current: { status_id: string; name: string; tier: number; valid_from: string; valid_to: string | null } | null;
  next: { status_id: string; name: string; tier: number; qualification_period: number | null } | null;
  progress: StatusProgress[];
}

export interface PictureCard {
  card_id: string;
  card_number: string;
  secondary_card_number: string | null;
  card_type_id: string;
  state: number;
  valid_from: string | null;
  valid_to: string | null;
}

export interface PointBalance {
  point_type_id: string;
  available_points: number;
  /** The earliest expiry among the spendable points, and how many points expire then; null when none expire. */
  nearest_expiration: { valid_to: string; points: number } | null;
}

export interface CreditBalance {
  credit_type_id: string;
  currency_id: string;
  available_credits: number;
  nearest_expiration: { valid_to: string; credits: number } | null;
}

export interface PictureVoucher {
  voucher_id: string;
  reward_id: string;
  code: string;
  value: number | null;
  current_balance: number | null;
  valid_from: string | null;
  valid_to: string | null;
}

export interface PicturePurchase {
  purchase_id: string;
  external_purchase_id: string;
  payment_time: string;
  store_id: string | null;
  total_price: number;
  currency_id: string;
  items_count: number | null;
  canceled: boolean;
}

export interface PictureSegment {
  segment_id: string;
  name: string;
}

export interface PictureConsent {
  agreement_id: string;
  name: string;
  consent_value: number;
  last_change: string;
}

export interface PictureEvent {
  event_id: string;
  event_type: string;
  external_id: string;
  data: Record<string, unknown> | null;
  created_at: string;
}

export interface PictureMessage {
  message_id: string;
  kind: string;
  communication_channel_code: number;
  contact: string | null;
  title: string | null;
  status: number;
  created_at: string;
  send_time: string | null;
}

/** One customer as customer care sees them, read in one statement. */
export interface CustomerPicture {
  profile: PictureProfile;
  status: PictureStatus;
  cards: PictureCard[];
  point_balances: PointBalance[];
  credit_balances: CreditBalance[];
  active_vouchers: PictureVoucher[];
  /** The latest 10, newest first. */
  last_purchases: PicturePurchase[];
  segments: PictureSegment[];
  consents: PictureConsent[];
  /** The latest 20, newest first. */
  recent_events: PictureEvent[];
  /** The latest 20, newest first. */
  recent_messages: PictureMessage[];
}

export interface PointAdjustmentInput {
  customerId: string;
  /** Added when above zero, taken when below; at most two decimals. */
  points: number;
  reason: string;
  /** The default point type when left out. */
  pointTypeId?: string;
}

export interface CreditAdjustmentInput {
  customerId: string;
  /** Deposited when above zero, taken when below; at most the currency's decimals. */
  credits: number;
  reason: string;
  /** The default credit type when left out. */
  creditTypeId?: string;
  /** The credit type's currency when left out. */
  currencyId?: string;
}

export interface PointAdjustment {
  point_id: string;
  customer_id: string;
  points: number;
  reason: string;
}

export interface CreditAdjustment {
  credit_id: string;
  customer_id: string;
  credits: number;
  reason: string;
}

export interface CardStateChange {
  card_id: string;
  customer_id: string | null;
  state: number;
}

export interface PasswordSetupResend {
  customer_id: string;
  /** False when the customer had as many links this hour as the limit allows, so none was sent. */
  sent: boolean;
}

/** Everything held about one customer: each table's rows, by table name. */
export interface PrivacyExport {
  customer_id: string;
  exported_at: string;
  tables: Record<string, Record<string, unknown>[]>;
}

export interface PrivacyErasure {
  customer_id: string;
  erased_at: string;
}

/** One change of a customer's status, as the status history shows it. */
export interface StatusChange {
  status_change_id: string;
  /** Null when the customer had no status before. */
  from_status_id: string | null;
  from_status_name: string | null;
  /** Null when the customer was left without a status. */
  to_status_id: string | null;
  to_status_name: string | null;
  /** purchase, cancellation, points, period_end or manual. */
  reason: string;
  status_record_id: string | null;
  changed_at: string;
}
