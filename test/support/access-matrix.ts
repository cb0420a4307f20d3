import { randomBytes } from 'node:crypto';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { catalogOperation, defaultPermitted, permissionKeyOf } from '../../src/modules/auth';
import { AccessMatrixWorld } from './access-matrix-world';
import { ApiRoute } from './route-table';
import { TestApp, TestResponse } from './test-app';

/** The tokens the callers of the matrix present, prepared by the test. */
export interface MatrixTokens {
  invalid: string;
  revokedEnterprise: string;
  revokedDevice: string;
  anonymousDevice: string;
  /** Tokens of applications from which every operation was revoked. */
  unpermittedEnterprise: string;
  unpermittedDevice: string;
  /** Customer A logged in on an application granted every operation group of the Customer interface. */
  grantedDevice: string;
}

export interface MatrixRequest {
  apiInterface: ApiInterface;
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
}

export interface MatrixCell {
  operation: string;
  caller: MatrixCallerName;
  status: number;
  exception?: string;
  failure?: string;
}

/** An outcome a cell may have: a status, and where it matters the error code or the invalid param's reason. */
interface Outcome {
  status: number;
  type?: string;
  reason?: string;
}

interface Caller {
  name: MatrixCallerName;
  applies(route: ApiRoute): boolean;
  request(route: ApiRoute): MatrixRequest;
  /** The outcomes allowed; `undefined` when any non-2xx, non-5xx answer will do (2xx is judged by `mayPass`). */
  expected(route: ApiRoute, request: MatrixRequest): Outcome[] | undefined;
  /** Whether a 2xx is acceptable for this caller on this operation. */
  mayPass(route: ApiRoute, request: MatrixRequest): boolean;
  /**
   * The caller writes its own data, so its cells may change tables; instead B's side (what B reads
   * of its own and its event stream) is compared before and after each of its requests.
   */
  writesOwnData?: boolean;
}

/** The rows of the matrix, in the order they run. */
export const MATRIX_CALLERS = [
  'no token',
  'invalid token',
  'revoked token',
  'token of the other interface',
  'device without customer',
  'customer A on B',
  'customer A on B, every group granted',
  "customer A on B's records",
  'application without the permission',
  "the other interface's path",
  "customer A naming B in A's records",
] as const;

export type MatrixCallerName = (typeof MATRIX_CALLERS)[number];

const UNAUTHORIZED: Outcome = { status: 401, type: 'unauthorized_exception' };
const NOT_LOGGED_IN: Outcome = { status: 403, type: 'customer_not_logged_in_exception' };
const NOT_ALLOWED: Outcome = { status: 403, type: 'operation_not_allowed_exception' };
const INTERFACE_NOT_ALLOWED: Outcome = { status: 403, type: 'interface_not_allowed_exception' };
const NOT_BELONG: Outcome = { status: 400, reason: 'not_belong_to_logged_in_customer' };
const NOT_FOUND: Outcome = { status: 404 };
const ANY_400: Outcome = { status: 400 };

const OTHER_INTERFACE = { [ApiInterface.Enterprise]: ApiInterface.Customer, [ApiInterface.Customer]: ApiInterface.Enterprise } as const;

/** Body fields an attacker fills with the victim's values, by name. */
const CUSTOMER_ID_FIELDS = ['customer_id', 'related_customer_id', 'original_customer_id', 'new_customer_id'];

const hasBody = (method: string) => method === 'POST' || method === 'PUT';

/**
 * The access-control matrix: every operation the application registered, called by every kind of
 * caller that must not reach it (or may reach only its own data), each answer checked against the
 * outcome the auth rules give, and every 2xx answer checked for the victim's data.
 */
export class AccessMatrix {
  readonly callers: Caller[];
  private readonly allRoutes: Set<string>;

  constructor(
    private readonly world: AccessMatrixWorld,
    private readonly routes: ApiRoute[],
    private readonly tokens: MatrixTokens,
  ) {
    this.allRoutes = new Set(routes.map((route) => `${route.apiInterface} ${route.key}`));
    this.callers = this.buildCallers();
  }

  /** Runs every applicable cell of the callers `which` picks (all by default), one request at a time. */
  async run(which: (caller: Caller) => boolean = () => true): Promise<MatrixCell[]> {
    const cells: MatrixCell[] = [];
    for (const caller of this.callers.filter(which)) {
      let sideOfB = caller.writesOwnData ? await this.world.sideOfB() : undefined;
      for (const route of this.routes) {
        if (!caller.applies(route)) continue;
        const request = caller.request(route);
        const response = await this.send(request);
        let failure = this.judge(caller, route, request, response);
        if (sideOfB) {
          const now = await this.world.sideOfB();
          const changed = [...now.keys()].filter((read) => now.get(read) !== sideOfB!.get(read));
          if (!failure && changed.length > 0) failure = `answered ${response.status} and changed B's side: ${changed.join(', ')}`;
          sideOfB = now;
        }
        cells.push({
          operation: `${route.apiInterface} ${route.key}`,
          caller: caller.name,
          status: response.status,
          exception: exceptionOf(response),
          failure,
        });
      }
    }
    return cells;
  }

  private send(request: MatrixRequest): Promise<TestResponse> {
    const url = `/${INTERFACE_BASE_PATHS[request.apiInterface]}${request.path}`;
    const method = request.method as Parameters<TestApp['request']>[0];
    return this.world.t.request(method, url, { token: request.token, body: request.body, query: request.query });
  }

  private judge(caller: Caller, route: ApiRoute, request: MatrixRequest, response: TestResponse): string | undefined {
    const got = `${response.status} ${exceptionOf(response) ?? ''}${reasonOf(response) ? ` (${reasonOf(response)})` : ''}`.trim();
    if (response.status >= 500) return `answered ${got}`;
    if (response.status < 300) {
      if (!caller.mayPass(route, request)) return `answered ${got}: the caller may not reach this operation`;
      const leaked = this.secretsFor(caller).filter((secret) => response.text.includes(secret));
      if (leaked.length > 0) return `answered ${got} carrying another customer's data (${leaked.length} value(s))`;
      return undefined;
    }
    const expected = caller.expected(route, request);
    if (!expected) return undefined;
    const matches = expected.some(
      (outcome) =>
        outcome.status === response.status &&
        (!outcome.type || outcome.type === exceptionOf(response)) &&
        (!outcome.reason || outcome.reason === reasonOf(response)),
    );
    return matches ? undefined : `expected ${expected.map(describe).join(' or ')}, answered ${got}`;
  }

  /** What no 2xx answer to this caller may contain: B's identity, and for a device without customer A's too. */
  private secretsFor(caller: Caller): string[] {
    const { world } = this;
    return caller.name === 'device without customer' ? [...world.secretsOfB, world.a.customerId, world.a.email] : world.secretsOfB;
  }

  /** The body an attacker sends: what B sent successfully for the same operation, else B's ids in the fields named for them. */
  private bodyOnB(route: ApiRoute): unknown {
    if (!hasBody(route.method)) return undefined;
    const replayed = this.world.bodies.get(route.key);
    if (replayed !== undefined) return replayed;
    return Object.fromEntries(route.bodyFields.flatMap((field) => this.victimValue(field)));
  }

  /**
   * The body of a write to A's own records that names B: what B sent successfully for the operation
   * (else the made-up body), with B's id in every field named for a customer, at any depth.
   */
  private bodyNamingB(route: ApiRoute): unknown {
    const withB = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withB);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([field, inner]) => [field, CUSTOMER_ID_FIELDS.includes(field) ? this.world.b.customerId : withB(inner)]),
      );
    };
    return withB(this.bodyOnB(route));
  }

  /** The query an attacker sends: what B sent successfully, with B's ids in the parameters named for them. */
  private queryOnB(route: ApiRoute): Record<string, string> | undefined {
    if (route.method !== 'GET') return undefined;
    const query = {
      ...this.world.queries.get(route.key),
      ...Object.fromEntries(route.queryFields.flatMap((field) => this.victimValue(field))),
    };
    return Object.keys(query).length > 0 ? query : undefined;
  }

  private victimValue(field: string): [string, string][] {
    const { b } = this.world;
    if (CUSTOMER_ID_FIELDS.includes(field)) return [[field, b.customerId]];
    if (field === 'card_number') return [[field, b.cardNumber]];
    return [];
  }

  private pathNamesB(request: MatrixRequest): boolean {
    return request.path.split('/').some((segment) => this.world.idsOfB.has(decodeURIComponent(segment)));
  }

  /** Whether the request names one of B's records: in the path, in the body or in the query. */
  private namesB(request: MatrixRequest): boolean {
    const values = [
      ...Object.values(request.query ?? {}),
      ...[...JSON.stringify(request.body ?? {}).matchAll(/"([^"]*)"/g)].map((match) => match[1]),
    ];
    return this.pathNamesB(request) || values.some((value) => this.world.idsOfB.has(value));
  }

  /**
   * A body the matrix made up (not one B sent successfully) may fail validation, which runs before a
   * handler compares the customer it names with the caller: then any 400 is a refusal too.
   */
  private invalidBody(route: ApiRoute, request: MatrixRequest): Outcome[] {
    return request.body === undefined || this.world.bodies.has(route.key) ? [] : [ANY_400];
  }

  /** A list of customers' records on the Customer interface: without a logged-in customer it is refused. */
  private listsCustomerRecords(route: ApiRoute): boolean {
    return route.method === 'GET' && this.world.customerRecordLists.has(route.path);
  }

  private pathOnB(route: ApiRoute): string {
    return this.world.fillPath(route);
  }

  private buildCallers(): Caller[] {
    const { world, tokens } = this;
    const nonPublic = (route: ApiRoute) => !route.isPublic;
    const minimal = (route: ApiRoute, token: string | undefined, path = this.pathOnB(route)): MatrixRequest => ({
      apiInterface: route.apiInterface,
      method: route.method,
      path,
      token,
      body: hasBody(route.method) ? {} : undefined,
    });
    /** For callers without a valid token of the interface: only public operations answer, the rest 401. */
    const unauthenticated = (name: MatrixCallerName, tokenFor: (route: ApiRoute) => string | undefined): Caller => ({
      name,
      applies: () => true,
      request: (route) => minimal(route, tokenFor(route)),
      expected: (route) => (route.isPublic ? undefined : [UNAUTHORIZED]),
      mayPass: (route) => route.isPublic,
    });
    const onCustomerInterface = (route: ApiRoute) => route.apiInterface === ApiInterface.Customer;
    const customerPermitted = (route: ApiRoute) => defaultPermitted(ApiInterface.Customer, route.key);
    /** A refusal before the handler runs: the application's permissions, then the logged-in customer. */
    const guardRefusal = (route: ApiRoute, loggedIn: boolean): Outcome[] | undefined => {
      if (!customerPermitted(route)) return route.requiresCustomer && !loggedIn ? [NOT_ALLOWED, NOT_LOGGED_IN] : [NOT_ALLOWED];
      if (route.requiresCustomer && !loggedIn) return [NOT_LOGGED_IN];
      return undefined;
    };
    /** Operations whose full form names a customer in the path: they need that customer logged in. */
    const namesCustomerInPath = (route: ApiRoute) =>
      route.params.includes('customer_id') || permissionKeyOf(route.key).includes('{customer_id}');

    return [
      unauthenticated('no token', () => undefined),
      unauthenticated('invalid token', () => tokens.invalid),
      unauthenticated('revoked token', (route) =>
        route.apiInterface === ApiInterface.Enterprise ? tokens.revokedEnterprise : tokens.revokedDevice,
      ),
      unauthenticated('token of the other interface', (route) =>
        route.apiInterface === ApiInterface.Enterprise ? world.deviceOfA : world.enterpriseToken,
      ),
      {
        name: 'device without customer',
        applies: (route) => onCustomerInterface(route) && nonPublic(route),
        // On a customer named in the path the refusal must come before validation, so the body there is left empty.
        request: (route) => ({
          ...minimal(route, tokens.anonymousDevice),
          ...(namesCustomerInPath(route) ? {} : { body: this.bodyOnB(route) }),
          query: this.queryOnB(route),
        }),
        expected: (route, request) => {
          const refused = guardRefusal(route, false);
          if (refused) return refused;
          if (namesCustomerInPath(route) || this.listsCustomerRecords(route)) return [NOT_LOGGED_IN, NOT_ALLOWED];
          if (this.pathNamesB(request)) return [NOT_LOGGED_IN, NOT_FOUND, NOT_ALLOWED, ...this.invalidBody(route, request)];
          if (this.namesB(request)) return [NOT_LOGGED_IN, NOT_ALLOWED, ...this.invalidBody(route, request)];
          return undefined;
        },
        mayPass: (route, request) =>
          customerPermitted(route) &&
          !route.requiresCustomer &&
          !namesCustomerInPath(route) &&
          !this.listsCustomerRecords(route) &&
          !this.namesB(request),
      },
      {
        name: 'customer A on B',
        applies: (route) => onCustomerInterface(route) && nonPublic(route),
        request: (route) => ({ ...minimal(route, world.deviceOfA), body: this.bodyOnB(route), query: this.queryOnB(route) }),
        expected: (route, request) => {
          const refused = guardRefusal(route, true);
          if (refused) return refused;
          const invalidBody = this.invalidBody(route, request);
          if (route.params.includes('customer_id')) return [NOT_BELONG, NOT_ALLOWED, ...invalidBody];
          if (this.pathNamesB(request)) return [NOT_FOUND, NOT_BELONG, NOT_ALLOWED, ...invalidBody];
          if (this.namesB(request)) return [NOT_BELONG, NOT_FOUND, NOT_ALLOWED, ...invalidBody];
          return undefined;
        },
        mayPass: (route, request) => customerPermitted(route) && !this.namesB(request),
      },
      {
        // The operations the default permissions keep from customers, opened to A: what still refuses B's
        // ids in their path, body or query (a batch record naming B included) is the operation's own check.
        name: 'customer A on B, every group granted',
        applies: (route) =>
          onCustomerInterface(route) &&
          nonPublic(route) &&
          !customerPermitted(route) &&
          this.namesB({ ...minimal(route, tokens.grantedDevice), body: this.bodyOnB(route), query: this.queryOnB(route) }),
        request: (route) => ({ ...minimal(route, tokens.grantedDevice), body: this.bodyOnB(route), query: this.queryOnB(route) }),
        expected: (route, request) => {
          // Operations outside the API reference cannot be granted: they stay refused.
          const refused = catalogOperation(permissionKeyOf(route.key)) ? [] : [NOT_ALLOWED];
          const invalidBody = this.invalidBody(route, request);
          if (route.params.includes('customer_id')) return [NOT_BELONG, ...refused, ...invalidBody];
          if (this.pathNamesB(request)) return [NOT_FOUND, NOT_BELONG, ...refused, ...invalidBody];
          return [NOT_BELONG, NOT_FOUND, ...refused, ...invalidBody];
        },
        mayPass: () => false,
      },
      {
        name: "customer A on B's records",
        applies: (route) =>
          onCustomerInterface(route) && nonPublic(route) && route.params.includes('customer_id') && route.params.length > 1,
        request: (route) =>
          minimal(
            route,
            world.deviceOfA,
            world.fillPath(route, (param) => (param === 'customer_id' ? world.a.customerId : undefined)),
          ),
        expected: (route) => guardRefusal(route, true) ?? [NOT_FOUND, ANY_400],
        mayPass: () => false,
      },
      {
        name: 'application without the permission',
        applies: nonPublic,
        request: (route) =>
          route.apiInterface === ApiInterface.Enterprise
            ? minimal(route, tokens.unpermittedEnterprise)
            : minimal(
                route,
                tokens.unpermittedDevice,
                world.fillPath(route, (param) => (param === 'token_id' ? tokens.unpermittedDevice : undefined)),
              ),
        // Operations outside the API reference cannot be named in a grant or revocation: there only the refusal is checked.
        expected: (route) => (catalogOperation(permissionKeyOf(route.key)) ? [NOT_ALLOWED] : undefined),
        mayPass: () => false,
      },
      {
        name: "the other interface's path",
        applies: (route) => !this.allRoutes.has(`${OTHER_INTERFACE[route.apiInterface]} ${route.key}`),
        request: (route) => {
          const other = OTHER_INTERFACE[route.apiInterface];
          return { ...minimal(route, other === ApiInterface.Enterprise ? world.enterpriseToken : world.deviceOfA), apiInterface: other };
        },
        expected: (route) => {
          // The API reference says which interfaces offer an operation: the other one refuses it, or does not serve it yet.
          const offeredOn = catalogOperation(route.key)?.interfaces;
          if (!offeredOn) return undefined;
          return offeredOn.includes(OTHER_INTERFACE[route.apiInterface]) ? [NOT_FOUND] : [INTERFACE_NOT_ALLOWED];
        },
        mayPass: () => false,
      },
      {
        // Decision 33: A may write its own records, even naming B, but nothing of it may reach B's side.
        name: "customer A naming B in A's records",
        writesOwnData: true,
        applies: (route) => onCustomerInterface(route) && nonPublic(route) && hasBody(route.method) && namesCustomerInPath(route),
        request: (route) => ({
          ...minimal(
            route,
            world.deviceOfA,
            world.fillPath(route, (param) => (param === 'customer_id' ? world.a.customerId : undefined)),
          ),
          body: this.bodyNamingB(route),
        }),
        expected: (route) => guardRefusal(route, true),
        mayPass: customerPermitted,
      },
    ];
  }
}

/** The error code of an answer (`exception`; 403 bodies carry the same code in `type`). */
function exceptionOf(response: TestResponse): string | undefined {
  return response.body?.error?.exception;
}

function reasonOf(response: TestResponse): string | undefined {
  return response.body?.error?.error_data?.invalid_params?.[0]?.reason;
}

function describe(outcome: Outcome): string {
  return [outcome.status, outcome.type, outcome.reason && `(${outcome.reason})`].filter(Boolean).join(' ');
}

/** A token no server issued, in the form real ones have. */
export function unknownToken(): string {
  return randomBytes(32).toString('hex');
}
