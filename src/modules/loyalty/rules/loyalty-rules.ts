/**
 * The loyalty rules a project sets (the spec leaves them to project configuration). One table drives
 * the closure, the admin CLI and the documentation, so the three never disagree.
 */

export type RuleScope = 'project' | 'partner' | 'store';

/** Who may pay with points or credits: everyone, nobody, or customers whose current status is listed (by text id). */
export type PayerRule = { kind: 'all' } | { kind: 'none' } | { kind: 'statuses'; statusTextIds: string[] };

export interface LoyaltyRules {
  /** Points earned per unit of money paid for items that collect points. */
  pointsPerCurrencyUnit: number;
  /** Money value of one point paid towards a bill. */
  pointValue: number;
  /** Smallest bill total that may be paid partly with points. */
  minimumPurchaseForPoints: number;
  pointsPayers: PayerRule;
  creditPayers: PayerRule;
  /** Most vouchers and reward codes one purchase may use. */
  maxVouchersPerPurchase: number;
  /** Months earned points stay valid; 0 means they never expire. */
  pointsValidityMonths: number;
  /** ISO codes of the currencies in which the wallet states what a customer's points are worth. */
  pointValueCurrencies: string[];
}

interface RuleDefinition<K extends keyof LoyaltyRules> {
  key: K;
  scopes: readonly RuleScope[];
  default: string;
  parse: (text: string) => LoyaltyRules[K];
  help: string;
}

function definition<K extends keyof LoyaltyRules>(rule: RuleDefinition<K>): RuleDefinition<K> {
  return rule;
}

/** Rule names as the CLI and the database know them. */
export const LOYALTY_RULES = {
  points_per_currency_unit: definition({
    key: 'pointsPerCurrencyUnit',
    scopes: ['project', 'partner', 'store'],
    default: '1',
    parse: nonNegativeNumber,
    help: 'Points earned per currency unit paid (items with loyalty_off and item types that collect no points excluded)',
  }),
  point_value: definition({
    key: 'pointValue',
    scopes: ['project'],
    default: '0.01',
    parse: positiveNumber,
    help: 'Money value of one point when paying with points',
  }),
  minimum_purchase_for_points: definition({
    key: 'minimumPurchaseForPoints',
    scopes: ['project'],
    default: '0',
    parse: nonNegativeNumber,
    help: 'Smallest bill total that may be paid with points',
  }),
  points_payers: definition({
    key: 'pointsPayers',
    scopes: ['project'],
    default: 'all',
    parse: parsePayers,
    help: 'Who may pay with points: all, none, or a comma-separated list of status text ids (a status without payment_points refuses too)',
  }),
  credit_payers: definition({
    key: 'creditPayers',
    scopes: ['project'],
    default: 'all',
    parse: parsePayers,
    help: 'Who may pay with credits: all, none, or a comma-separated list of status text ids',
  }),
  max_vouchers_per_purchase: definition({
    key: 'maxVouchersPerPurchase',
    scopes: ['project'],
    default: '10',
    parse: positiveInteger,
    help: 'Most voucher and reward codes one purchase may use',
  }),
  points_validity_months: definition({
    key: 'pointsValidityMonths',
    scopes: ['project'],
    default: '0',
    parse: nonNegativeInteger,
    help: 'Months points earned by a purchase stay valid; 0 = no expiry',
  }),
  point_value_currencies: definition({
    key: 'pointValueCurrencies',
    scopes: ['project'],
    default: 'EUR',
    parse: parseCurrencyCodes,
    help: "Currencies (comma-separated ISO codes) in which the wallet states what a customer's points are worth at point_value",
  }),
} as const;

export type LoyaltyRuleName = keyof typeof LOYALTY_RULES;

export function isLoyaltyRuleName(name: string): name is LoyaltyRuleName {
  return Object.prototype.hasOwnProperty.call(LOYALTY_RULES, name);
}

/** A stored rule value. */
export interface StoredRule {
  rule: string;
  scope: RuleScope;
  scopeId: string;
  value: string;
}

/**
 * The rules in force at a store: per rule, the store's value, else its partner's, else the project's,
 * else the default. Values that no longer parse are skipped (the CLI refuses to store them).
 */
export function resolveLoyaltyRules(stored: readonly StoredRule[], storeId: string, partnerId: string): LoyaltyRules {
  const rules: Partial<Record<keyof LoyaltyRules, unknown>> = {};
  for (const [name, rule] of Object.entries(LOYALTY_RULES) as [LoyaltyRuleName, RuleDefinition<keyof LoyaltyRules>][]) {
    const candidates = [
      stored.find((s) => s.rule === name && s.scope === 'store' && s.scopeId === storeId),
      stored.find((s) => s.rule === name && s.scope === 'partner' && s.scopeId === partnerId),
      stored.find((s) => s.rule === name && s.scope === 'project'),
    ];
    let value = rule.parse(rule.default);
    for (const candidate of candidates) {
      if (!candidate || !rule.scopes.includes(candidate.scope)) continue;
      try {
        value = rule.parse(candidate.value);
        break;
      } catch {
        continue;
      }
    }
    rules[rule.key] = value;
  }
  return rules as LoyaltyRules;
}

/** Whether a customer whose current status has `statusTextId` (null: none) may pay under `rule`. */
export function payerAllowed(rule: PayerRule, statusTextId: string | null): boolean {
  if (rule.kind === 'all') return true;
  if (rule.kind === 'none') return false;
  return statusTextId !== null && rule.statusTextIds.includes(statusTextId);
}

function nonNegativeNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`"${text}" is not a number of zero or more`);
  return value;
}

function positiveNumber(text: string): number {
  const value = nonNegativeNumber(text);
  if (value === 0) throw new Error(`"${text}" is not above zero`);
  return value;
}

function nonNegativeInteger(text: string): number {
  const value = nonNegativeNumber(text);
  if (!Number.isInteger(value)) throw new Error(`"${text}" is not a whole number`);
  return value;
}

function positiveInteger(text: string): number {
  const value = positiveNumber(text);
  if (!Number.isInteger(value)) throw new Error(`"${text}" is not a whole number`);
  return value;
}

function parsePayers(text: string): PayerRule {
  const trimmed = text.trim();
  if (trimmed === 'all') return { kind: 'all' };
  if (trimmed === 'none') return { kind: 'none' };
  const statusTextIds = trimmed
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  if (statusTextIds.length === 0) throw new Error(`"${text}" is not all, none or a list of status text ids`);
  return { kind: 'statuses', statusTextIds };
}

function parseCurrencyCodes(text: string): string[] {
  const codes = text
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code.length > 0);
  if (codes.length === 0 || codes.some((code) => !/^[A-Z]{3}$/.test(code))) {
    throw new Error(`"${text}" is not a comma-separated list of three-letter currency codes`);
  }
  return [...new Set(codes)];
}
