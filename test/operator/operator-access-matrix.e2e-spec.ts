import { OPERATOR_PERMISSIONS, OPERATOR_PUBLIC, OPERATOR_SIGNED_IN, OperatorPermission } from '@tessera/http';
import { OPERATOR_SEED_ROLES } from '../../src/modules/auth';
import { OperatorRoute, registeredOperatorRoutes } from '../support/route-table';
import { tableFingerprints } from '../support/table-fingerprints';
import { TestApp, TestResponse } from '../support/test-app';

interface Caller {
  name: string;
  /** Null for a caller that is not signed in. */
  permissions: ReadonlySet<OperatorPermission> | null;
  token: () => Promise<string | undefined>;
}

interface Cell {
  route: string;
  caller: string;
  status: number;
  failure?: string;
}

/**
 * Every operator API route (read from Fastify's route table, so a new route joins without edits) x
 * every seed role and every kind of caller that is not signed in. A role that lacks the permission a
 * route declares gets 403 and changes nothing; a caller without a live sign-in gets 401; a role that
 * has it gets past the guard (the unknown ids and empty bodies the matrix sends then answer 4xx of
 * their own, never 401 or 403).
 */
describe('Operator API access matrix', () => {
  let t: TestApp;
  let routes: OperatorRoute[];
  const cells: Cell[] = [];
  let changedByRefusals: string[] = [];

  const urlOf = (route: OperatorRoute) => route.path.replace(/\{[^}]+\}/g, 'matrix-unknown');
  const send = (route: OperatorRoute, token: string | undefined): Promise<TestResponse> =>
    t.operator(route.method as 'GET', urlOf(route), { token, body: route.method === 'GET' ? undefined : {} });

  beforeAll(async () => {
    // Every feature on, so that an operation's own 403 (a feature switched off) is not taken for the guard's.
    t = await TestApp.create({ TESSERA_PASSWORD_SETUP_URL: 'https://shop.example/set-password' });
    routes = registeredOperatorRoutes(t.app);

    const signedOut = await t.operatorToken(['owner']);
    await t.operator('DELETE', '/sessions/current', { token: signedOut.token });
    const disabled = await t.operatorToken(['owner']);
    await t.dataSource.query(`UPDATE api_users SET state = 0 WHERE user_id = $1`, [disabled.userId]);
    const enterprise = await t.enterpriseToken();
    const notSignedIn: Caller[] = [
      { name: 'no token', permissions: null, token: async () => undefined },
      { name: 'unknown token', permissions: null, token: async () => 'matrix-unknown-token-0123456789abcdef' },
      { name: 'signed-out token', permissions: null, token: async () => signedOut.token },
      { name: 'disabled user', permissions: null, token: async () => disabled.token },
      { name: 'Enterprise interface token', permissions: null, token: async () => enterprise },
    ];
    // A role's holder signs in again whenever a cell ended their sign-in (signing out is a route too).
    const roleCallers: Caller[] = OPERATOR_SEED_ROLES.map((role) => {
      let token: string | undefined;
      return {
        name: role.textId,
        permissions: new Set(role.permissions),
        token: async () => {
          if (!token || (await t.operator('GET', '/sessions/current', { token })).status !== 200)
            token = (await t.operatorToken([role.textId])).token;
          return token;
        },
      };
    });

    const expected = (route: OperatorRoute, caller: Caller): 'allowed' | 401 | 403 => {
      if (route.access === OPERATOR_PUBLIC) return 'allowed';
      if (caller.permissions === null) return 401;
      if (route.access === OPERATOR_SIGNED_IN) return 'allowed';
      return caller.permissions.has(route.access) ? 'allowed' : 403;
    };
    const check = async (route: OperatorRoute, caller: Caller) => {
      const response = await send(route, await caller.token());
      const want = expected(route, caller);
      const cell: Cell = { route: route.key, caller: caller.name, status: response.status };
      if (want === 'allowed' && (response.status === 401 || response.status === 403 || response.status >= 500))
        cell.failure = `expected to pass the guard, got ${response.status} ${response.text.slice(0, 200)}`;
      if (want !== 'allowed' && response.status !== want) cell.failure = `expected ${want}, got ${response.status}`;
      if (want !== 'allowed' && response.body?.error?.exception === undefined)
        cell.failure = `no error body: ${response.text.slice(0, 200)}`;
      cells.push(cell);
    };

    // Refusals first, each with the tables compared around them; then the callers a route lets through.
    const callers = [...notSignedIn, ...roleCallers];
    for (const caller of roleCallers) await caller.token();
    const before = await tableFingerprints(t.dataSource);
    for (const route of routes) for (const caller of callers) if (expected(route, caller) !== 'allowed') await check(route, caller);
    const after = await tableFingerprints(t.dataSource);
    changedByRefusals = [...after.keys()].filter((table) => after.get(table) !== before.get(table));
    for (const route of routes) for (const caller of callers) if (expected(route, caller) === 'allowed') await check(route, caller);

    const failures = cells.filter((cell) => cell.failure);
    process.stdout.write(
      [
        `Operator access matrix: ${routes.length} routes, ${callers.length} callers, ${cells.length} cells, ${failures.length} failing`,
        ...failures.map((cell) => `  FAIL ${cell.route} | ${cell.caller} | ${cell.failure}`),
        `  tables changed by refused requests: ${changedByRefusals.join(', ') || 'none'}`,
        '',
      ].join('\n'),
    );
  }, 600_000);

  afterAll(() => t?.close());

  it('covers every operator route, and every route declares a permission the roles know', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      if (route.access !== OPERATOR_PUBLIC && route.access !== OPERATOR_SIGNED_IN) expect(OPERATOR_PERMISSIONS).toContain(route.access);
      expect(cells.filter((cell) => cell.route === route.key).length).toBe(10);
    }
  });

  it('answers every cell as the roles say', () => {
    expect(cells.filter((cell) => cell.failure).map((cell) => `${cell.route} | ${cell.caller}: ${cell.failure}`)).toEqual([]);
  });

  it('holds HEAD to what the GET beside it needs (Fastify answers HEAD with the GET handler)', async () => {
    const analyst = (await t.operatorToken(['analyst'])).token;
    const reads = routes.filter((route) => route.method === 'GET' && route.access !== OPERATOR_PUBLIC);
    const answers = await Promise.all(
      reads.map(async (route) => {
        const anonymous = await t.operator('HEAD', urlOf(route));
        const withoutPermission = await t.operator('HEAD', urlOf(route), { token: analyst });
        const analystGrants: readonly string[] = OPERATOR_SEED_ROLES.find((role) => role.textId === 'analyst')!.permissions;
        const refusedAnalyst = route.access !== OPERATOR_SIGNED_IN && !analystGrants.includes(route.access);
        return [route.key, anonymous.status, refusedAnalyst ? withoutPermission.status : 403];
      }),
    );
    expect(answers.filter(([, anonymous, analyst]) => anonymous !== 401 || analyst !== 403)).toEqual([]);
  });

  it('answers an action with 200 (204 when it has nothing to say), never the 201 of a POST that creates', () => {
    const actions = routes.filter((route) => route.path.includes('/actions/'));
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.filter((route) => route.successStatus !== 200 && route.successStatus !== 204).map((route) => route.key)).toEqual([]);
  });

  it('changes nothing when it refuses', () => {
    expect(changedByRefusals).toEqual([]);
  });

  it('gives the owner every permission', () => {
    const owner = OPERATOR_SEED_ROLES.find((role) => role.textId === 'owner');
    expect([...(owner?.permissions ?? [])].sort()).toEqual([...OPERATOR_PERMISSIONS].sort());
  });
});
