import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { ApplicationPermissionService, OPERATION_GROUP_NAMES } from '../../src/modules/auth';
import { AccessMatrix, MATRIX_CALLERS, MatrixCell, MatrixTokens, unknownToken } from '../support/access-matrix';
import { AccessMatrixWorld } from '../support/access-matrix-world';
import { ApiRoute, registeredApiRoutes } from '../support/route-table';
import { tableFingerprints } from '../support/table-fingerprints';
import { TestApp } from '../support/test-app';

/**
 * Every operation the application registers (both interfaces, read from Fastify's route table) x every
 * kind of caller that must be refused or kept to its own data. A route added later joins the matrix
 * by itself; its handler's metadata (public, needs a logged-in customer) sets what it must answer.
 */
describe('Access-control matrix', () => {
  let t: TestApp;
  let routes: ApiRoute[];
  let world: AccessMatrixWorld;
  let cells: MatrixCell[];
  let changedTables: string[];

  /** A device token that a second token for the same device and application replaced. */
  async function replacedDeviceToken(): Promise<string> {
    const device = {
      device_id: `matrix-${randomBytes(4).toString('hex')}`,
      device_system: 'Android',
      device_name: 'Pixel',
      device_type: 'phone',
    };
    const create = () =>
      t.customer('POST', '/tokens', {
        body: {
          device,
          setup: { language_id: 'en', allowed_gps: false, allowed_notifications: false },
          external_application_id: world.customerApplicationId,
        },
      });
    const first = (await create()).body.data.token_id as string;
    const login = await t.customer('POST', `/tokens/${first}/actions/login`, {
      token: first,
      body: { login_type: 'email', login_value: world.a.email, password: world.a.password },
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
    if ((await create()).status !== 201) throw new Error('second token for the same device failed');
    return first;
  }

  /** An API user's token after that user logged out. */
  async function loggedOutEnterpriseToken(): Promise<string> {
    const applicationId = await t.createApplication(ApiInterface.Enterprise);
    const user = await t.createApiUser();
    const login = await t.enterprise('POST', '/users/actions/login', {
      body: { user_external_application_id: applicationId, login: user.login, password: user.password },
    });
    const token = login.body.data.bearer_token as string;
    const logout = await t.enterprise('POST', '/users/actions/logout', {
      token,
      body: { user_external_application_id: applicationId, bearer_token: token },
    });
    if (logout.status !== 204) throw new Error(`logout failed: ${logout.text}`);
    return token;
  }

  /**
   * An API user's token and a token with customer A logged in, each of an application from which
   * every operation of its interface was then revoked.
   */
  async function tokensOfUnpermittedApplications(): Promise<{ enterprise: string; device: string }> {
    const enterpriseApplicationId = await t.createApplication(ApiInterface.Enterprise);
    const user = await t.createApiUser();
    const login = await t.enterprise('POST', '/users/actions/login', {
      body: { user_external_application_id: enterpriseApplicationId, login: user.login, password: user.password },
    });
    const customerApplicationId = await t.createApplication(ApiInterface.Customer);
    const device = await t.deviceToken(world.a, customerApplicationId);
    const permissions = t.service(ApplicationPermissionService);
    for (const applicationId of [enterpriseApplicationId, customerApplicationId])
      await permissions.revoke(applicationId, [...OPERATION_GROUP_NAMES]);
    return { enterprise: login.body.data.bearer_token as string, device };
  }

  /** Customer A's token on an application granted every operation group. */
  async function tokenOfFullyGrantedApplication(): Promise<string> {
    const applicationId = await t.createApplication(ApiInterface.Customer);
    await t.service(ApplicationPermissionService).grant(applicationId, [...OPERATION_GROUP_NAMES]);
    return t.deviceToken(world.a, applicationId);
  }

  beforeAll(async () => {
    t = await TestApp.create();
    routes = registeredApiRoutes(t.app);
    world = await AccessMatrixWorld.build(t, routes);
    const unpermitted = await tokensOfUnpermittedApplications();
    const tokens: MatrixTokens = {
      invalid: unknownToken(),
      revokedEnterprise: await loggedOutEnterpriseToken(),
      revokedDevice: await replacedDeviceToken(),
      anonymousDevice: await t.deviceToken(undefined, world.customerApplicationId),
      unpermittedEnterprise: unpermitted.enterprise,
      unpermittedDevice: unpermitted.device,
      grantedDevice: await tokenOfFullyGrantedApplication(),
    };
    const matrix = new AccessMatrix(world, routes, tokens);
    const before = await tableFingerprints(t.dataSource);
    cells = await matrix.run((caller) => !caller.writesOwnData);
    const after = await tableFingerprints(t.dataSource);
    changedTables = [...after.keys()].filter((table) => after.get(table) !== before.get(table));
    // Last, as they change data: A's writes to its own records, each checked to leave B's side as it was.
    cells.push(...(await matrix.run((caller) => caller.writesOwnData === true)));

    const failures = cells.filter((cell) => cell.failure);
    const operations = new Set(cells.map((cell) => cell.operation)).size;
    const perCaller = MATRIX_CALLERS.map((caller) => {
      const row = cells.filter((cell) => cell.caller === caller);
      return `  ${caller}: ${row.length} cells, ${row.filter((cell) => cell.failure).length} failing`;
    });
    process.stdout.write(
      [
        `Access-control matrix: ${operations} operations, ${MATRIX_CALLERS.length} callers, ${cells.length} cells, ${failures.length} failing`,
        ...perCaller,
        ...failures.map((cell) => `  FAIL ${cell.operation} | ${cell.caller} | ${cell.failure}`),
        `  tables changed by the matrix's requests: ${changedTables.join(', ') || 'none'}`,
        '',
      ].join('\n'),
    );
  }, 600_000);

  afterAll(() => t?.close());

  const failuresOf = (caller: string) =>
    cells.filter((cell) => cell.caller === caller && cell.failure).map((cell) => `${cell.operation}: ${cell.failure}`);

  it('covers every registered operation of both interfaces', () => {
    expect(routes.filter((route) => route.apiInterface === ApiInterface.Enterprise).length).toBeGreaterThan(100);
    expect(routes.filter((route) => route.apiInterface === ApiInterface.Customer).length).toBeGreaterThan(100);
    for (const route of routes) {
      const callers = new Set(cells.filter((cell) => cell.operation === `${route.apiInterface} ${route.key}`).map((cell) => cell.caller));
      expect([route.key, callers.has('no token') && callers.has('invalid token') && callers.has('revoked token')]).toEqual([
        route.key,
        true,
      ]);
    }
  });

  it.each(MATRIX_CALLERS.map((caller) => [caller]))('%s: every cell answers as the access rules say', (caller) => {
    expect(failuresOf(caller)).toEqual([]);
  });

  it("never lets customer A read or change B's data", () => {
    const crossCustomer = cells.filter((cell) => cell.caller.startsWith('customer A') && cell.status < 300 && cell.failure);
    expect(crossCustomer).toEqual([]);
  });

  it('changes no data: every request of the matrix is refused or only reads, but for A writing its own records', () => {
    expect(changedTables).toEqual([]);
  });
});
