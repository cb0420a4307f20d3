import { ApiInterface, INTERFACE_DISPLAY_NAMES } from '../../../../libs/http/src/routing/api-interface';
import { API_ROUTE_CATALOG } from '../../../../libs/http/src/routing/api-route-catalog';

/**
 * What an operation does to the project's data; it decides who may call the operation by default.
 * Every operation has exactly one kind.
 */
export type OperationKind = 'read' | 'session' | 'customer-data' | 'value-movement' | 'project-write';

/** One operation of the API reference, keyed `METHOD /path-template` as in `TESSERA_DISABLED_OPERATIONS`. */
export interface CatalogOperation {
  key: string;
  method: string;
  path: string;
  interfaces: readonly ApiInterface[];
  kind: OperationKind;
}

/** Per application, the operations whose permission differs from the defaults: `true` granted, `false` revoked. */
export type OperationOverrides = ReadonlyMap<string, boolean>;

/** Operations the vendor ships switched off; an operator switches them on per application. */
const DISABLED_BY_DEFAULT = [
  'POST /credits/actions/deposit-credits',
  'POST /credits/actions/reduce-credits',
  'POST /credits/actions/transfer-credits',
  'POST /rewards/{reward_id}/actions/create-custom-voucher',
  'GET /users',
];

/** Device tokens and API user sessions: the caller's own credentials. */
const SESSION_PATHS = [/^\/tokens(\/|$)/, /^\/users\/actions\/(login|logout|sso-login)$/, /^\/one-time-password\/actions\//];

/** Non-GET operations that only compute an answer and change nothing. */
const READ_ACTIONS = [
  'POST /bookings/actions/average-booking-busy-times',
  'POST /cards/actions/validate-free-card',
  'POST /cards/actions/validate-isic-card',
  'POST /customers/actions/check-registration-ability',
  'POST /customers/actions/validate-customer-data',
  'POST /customers/actions/verify-auth-token',
  'POST /customers/actions/verify-credentials',
  'POST /customers/actions/verify-social-network-credentials',
  'POST /purchases/actions/accept-payment',
  'POST /purchases/actions/recommended-best-rewards',
  'POST /reservable-products/actions/search-reservable-products',
  'POST /users/actions/verify-auth-token',
  'POST /vouchers/actions/gift-card-balance',
];
const READ_ACTION_PATHS = [/^\/recommendation-engine\//];

/** Operations that give a customer points, credits, vouchers or a status they did not pay for. */
const VALUE_MOVEMENTS = [
  'POST /credits/actions/deposit-credits',
  'POST /credits/actions/transfer-credits',
  'POST /customers/actions/set-status-record',
  'POST /points/actions/assign-points',
  'POST /points/actions/synchronize-points',
  'POST /purchases/actions/assign-customer',
  'POST /purchases/actions/send-purchase',
  'POST /rewards/{reward_id}/actions/create-custom-voucher',
  'POST /vouchers/batch',
];

/**
 * Writes to one customer's own records outside `/customers`: bookings, orders, reservations, the
 * customer's cards and vouchers, and spending their own points (a transfer moves only the sender's points).
 */
const CUSTOMER_DATA_WRITES = [
  'POST /bookings',
  'PUT /bookings/{booking_id}',
  'DELETE /bookings/{booking_id}',
  'PUT /cards/{card_id}',
  'POST /cards/actions/assign-free-card',
  'POST /cards/actions/generate-digital-card-file',
  'POST /cards/actions/generate-pass-machine-card',
  'POST /credits/actions/reduce-credits',
  'POST /events',
  'POST /orders',
  'POST /point-reservations/actions/free-points',
  'POST /point-reservations/actions/reserve-points',
  'POST /points/actions/reduce-points',
  'POST /points/actions/transfer-points',
  'POST /product-reservations',
  'POST /product-reservations/{product_reservation_id}/actions/cancel-reservation',
  'POST /rewards/{reward_id}/actions/create-voucher',
  'POST /tasks',
  'PUT /tasks/{task_id}',
  'POST /tasks/{task_id}/task-comments',
  'PUT /vouchers/{voucher_id}',
  'DELETE /vouchers/{voucher_id}',
  'POST /vouchers/{voucher_id}/actions/apply-voucher',
];
const CUSTOMER_DATA_PATHS = [/^\/customers(\/|$)/];

/** Kinds a Customer application (a public client) may call by default. */
const CUSTOMER_DEFAULT_KINDS: ReadonlySet<OperationKind> = new Set(['read', 'session', 'customer-data']);

/**
 * The Customer interface's id-less forms, which act on the logged-in customer: each is permitted
 * exactly as the operation it stands for.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['PUT /customers', 'PUT /customers/{customer_id}'],
  ['GET /customers/property-records', 'GET /customers/{customer_id}/property-records'],
  ['POST /customers/property-records', 'POST /customers/{customer_id}/property-records'],
  ['PUT /customers/property-records/{property_record_id}', 'PUT /customers/{customer_id}/property-records/{property_record_id}'],
  ['DELETE /customers/property-records/{property_record_id}', 'DELETE /customers/{customer_id}/property-records/{property_record_id}'],
]);

const INTERFACE_LETTERS: Readonly<Record<string, ApiInterface[]>> = {
  B: [ApiInterface.Enterprise, ApiInterface.Customer],
  E: [ApiInterface.Enterprise],
  C: [ApiInterface.Customer],
};

const DISABLED_SET: ReadonlySet<string> = new Set(DISABLED_BY_DEFAULT);
const READ_ACTION_SET: ReadonlySet<string> = new Set(READ_ACTIONS);
const VALUE_MOVEMENT_SET: ReadonlySet<string> = new Set(VALUE_MOVEMENTS);
const CUSTOMER_DATA_SET: ReadonlySet<string> = new Set(CUSTOMER_DATA_WRITES);

/**
 * The kind of any `METHOD /path` by the rules above, in order: sessions, reads, value movements,
 * customer data; every other write, including operations added to the API later, writes project-wide data.
 */
export function operationKindOf(method: string, path: string): OperationKind {
  const key = `${method} ${path}`;
  if (SESSION_PATHS.some((pattern) => pattern.test(path))) return 'session';
  if (method === 'GET' || READ_ACTION_SET.has(key) || READ_ACTION_PATHS.some((pattern) => pattern.test(path))) return 'read';
  if (VALUE_MOVEMENT_SET.has(key)) return 'value-movement';
  if (CUSTOMER_DATA_SET.has(key) || CUSTOMER_DATA_PATHS.some((pattern) => pattern.test(path))) return 'customer-data';
  return 'project-write';
}

/** Every operation of the API reference, served or not yet, sorted by key. */
export const CATALOG_OPERATIONS: readonly CatalogOperation[] = API_ROUTE_CATALOG.flatMap(([path, operations]) =>
  operations.split(' ').map((operation) => {
    const [method, letter] = operation.split(':');
    return { key: `${method} ${path}`, method, path, interfaces: INTERFACE_LETTERS[letter], kind: operationKindOf(method, path) };
  }),
).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const CATALOG_BY_KEY: ReadonlyMap<string, CatalogOperation> = new Map(CATALOG_OPERATIONS.map((operation) => [operation.key, operation]));

/** The operation keys of the explicit lists above, so a test can prove each names a real operation. */
export const LISTED_OPERATION_KEYS: readonly string[] = [
  ...DISABLED_BY_DEFAULT,
  ...READ_ACTIONS,
  ...VALUE_MOVEMENTS,
  ...CUSTOMER_DATA_WRITES,
  ...ALIASES.values(),
];

/** The key an operation's permission is stored and checked under: an id-less alias counts as its full form. */
export function permissionKeyOf(operationKey: string): string {
  return ALIASES.get(operationKey) ?? operationKey;
}

/** The operation of the API reference with this key, if there is one. */
export function catalogOperation(operationKey: string): CatalogOperation | undefined {
  return CATALOG_BY_KEY.get(operationKey);
}

/** Every operation key an interface offers, sorted. */
export function interfaceOperationKeys(apiInterface: ApiInterface): string[] {
  return CATALOG_OPERATIONS.filter((operation) => operation.interfaces.includes(apiInterface)).map((operation) => operation.key);
}

/**
 * Whether an application of `apiInterface` may call the operation without a grant: an Enterprise
 * application everything its interface offers except the operations the vendor ships switched off;
 * a Customer application reads, its own device token and the logged-in customer's own data.
 * Operations outside the API reference are judged by their kind, so new routes are covered too.
 */
export function defaultPermitted(apiInterface: ApiInterface, operationKey: string): boolean {
  const key = permissionKeyOf(operationKey);
  const operation = CATALOG_BY_KEY.get(key);
  if (operation && !operation.interfaces.includes(apiInterface)) return false;
  if (DISABLED_SET.has(key)) return false;
  if (apiInterface === ApiInterface.Enterprise) return true;
  const separator = key.indexOf(' ');
  return CUSTOMER_DEFAULT_KINDS.has(operation?.kind ?? operationKindOf(key.slice(0, separator), key.slice(separator + 1)));
}

/** The defaults with an application's grants and revocations applied. */
export function operationPermitted(apiInterface: ApiInterface, operationKey: string, overrides: OperationOverrides): boolean {
  const key = permissionKeyOf(operationKey);
  return overrides.get(key) ?? defaultPermitted(apiInterface, key);
}

export const OPERATION_GROUP_NAMES = [
  'disabled-by-default',
  'customer-self-service',
  'reads',
  'sessions',
  'customer-data',
  'value-movements',
  'project-writes',
] as const;

export type OperationGroupName = (typeof OPERATION_GROUP_NAMES)[number];

const KIND_GROUPS = {
  read: 'reads',
  session: 'sessions',
  'customer-data': 'customer-data',
  'value-movement': 'value-movements',
  'project-write': 'project-writes',
} as const satisfies Record<OperationKind, OperationGroupName>;

/**
 * Named sets of operation keys an operator grants or revokes at once. The five kind groups split the
 * API between them; `disabled-by-default` and `customer-self-service` are the two default rules.
 */
export const OPERATION_GROUPS: Readonly<Record<OperationGroupName, readonly string[]>> = {
  'disabled-by-default': [...DISABLED_BY_DEFAULT].sort(),
  'customer-self-service': CATALOG_OPERATIONS.filter((operation) => defaultPermitted(ApiInterface.Customer, operation.key)).map(
    (operation) => operation.key,
  ),
  ...(Object.fromEntries(
    Object.entries(KIND_GROUPS).map(([kind, group]) => [
      group,
      CATALOG_OPERATIONS.filter((operation) => operation.kind === kind).map((operation) => operation.key),
    ]),
  ) as Record<(typeof KIND_GROUPS)[OperationKind], string[]>),
};

/** Words that are neither an operation (of the interface, when one is given) nor a group name. */
export class UnknownOperationWordsError extends Error {
  constructor(
    readonly words: readonly string[],
    apiInterface?: ApiInterface,
  ) {
    const scope = apiInterface ? ` of the ${INTERFACE_DISPLAY_NAMES[apiInterface]} interface` : '';
    super(
      `Unknown operation${scope} or group: ${words.map((word) => `"${word}"`).join(', ')} ` +
        `(operations are written "METHOD /path" as in the API reference; groups are ${OPERATION_GROUP_NAMES.join(', ')})`,
    );
  }
}

function isGroupName(word: string): word is OperationGroupName {
  return (OPERATION_GROUP_NAMES as readonly string[]).includes(word);
}

const METHOD_WORD = /^(GET|POST|PUT|DELETE)$/;

/**
 * The operation keys named by operation keys and group names, sorted and without repeats. A method
 * followed by a path as two words (an unquoted key on a command line) is read as one key. With an
 * interface, groups keep only that interface's operations and an operation it does not offer is unknown.
 */
export function resolveOperationWords(words: readonly string[], apiInterface?: ApiInterface): string[] {
  const offered = (key: string) => !apiInterface || CATALOG_BY_KEY.get(key)?.interfaces.includes(apiInterface) === true;
  const keys = new Set<string>();
  const unknown: string[] = [];
  for (let index = 0; index < words.length; index++) {
    let word = words[index].trim();
    if (METHOD_WORD.test(word) && words[index + 1]?.startsWith('/')) word = `${word} ${words[++index].trim()}`;
    if (isGroupName(word)) OPERATION_GROUPS[word].filter(offered).forEach((key) => keys.add(key));
    else if (CATALOG_BY_KEY.has(word) && offered(word)) keys.add(word);
    else unknown.push(word);
  }
  if (unknown.length > 0) throw new UnknownOperationWordsError(unknown, apiInterface);
  return [...keys].sort();
}
