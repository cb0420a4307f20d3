import { AddressInfo } from 'node:net';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * Decision 29: two instances on one database, each holding tokens and definitions in memory. Every
 * request here goes over a real socket, as a client behind a load balancer would send it. Nothing waits
 * between a write through the API on one instance and the read on the other; a write made straight on
 * the database (as the operator's tools make it) may take the notification's delivery to arrive, which
 * the README bounds at a second.
 */
describe('In-memory caches across instances (decision 29)', () => {
  let a: TestApp;
  let b: TestApp;
  const origins = new Map<TestApp, string>();

  beforeAll(async () => {
    a = await TestApp.create();
    b = await a.sibling();
    for (const instance of [a, b]) {
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      origins.set(instance, `http://127.0.0.1:${(instance.app.getHttpServer().address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The answer of `request` once it passes `accepted`, asked again until the bound is over. */
  async function withinBound(request: () => Promise<{ status: number; body: any }>, accepted: (status: number) => boolean) {
    const deadline = Date.now() + 1_000;
    let answer = await request();
    while (!accepted(answer.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = await request();
    }
    return answer;
  }

  async function call(
    instance: TestApp,
    apiInterface: ApiInterface,
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: any }> {
    const response = await fetch(`${origins.get(instance)}/${INTERFACE_BASE_PATHS[apiInterface]}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('logs a deleted customer out of their device token on every instance at once', async () => {
    const customer: TestCustomer = await a.createCustomer();
    const device = await a.deviceToken(customer);
    for (const instance of [a, b]) {
      for (let i = 0; i < 2; i += 1) {
        expect((await call(instance, ApiInterface.Customer, 'GET', `/customers/${customer.customerId}`, device)).status).toBe(200);
      }
    }

    // Customers are deleted by the operator's tools, not through the API: straight on the shared database.
    await a.dataSource.query(`UPDATE customers SET state = 0 WHERE customer_id = $1`, [customer.customerId]);
    for (const instance of [b, a]) {
      // Until the notice reaches an instance, its read already misses the customer (404): never their data.
      const seen = new Set<number>();
      const refused = await withinBound(
        () => call(instance, ApiInterface.Customer, 'GET', `/customers/${customer.customerId}`, device),
        (status) => seen.add(status) && status === 403,
      );
      expect([...seen].filter((status) => status !== 403 && status !== 404)).toEqual([]);
      expect(refused.status).toBe(403);
      expect(refused.body.error.exception).toBe('customer_not_logged_in_exception');
    }
  });

  it('serves on the second instance a store replaced through the first, on the next request', async () => {
    const token = await a.enterpriseToken();
    const [{ store_id: storeId }] = await a.dataSource.query(`SELECT store_id FROM stores ORDER BY store_id LIMIT 1`);
    const before = await call(b, ApiInterface.Enterprise, 'GET', `/stores/${storeId}`, token);
    expect(before.status).toBe(200);
    expect((await call(b, ApiInterface.Enterprise, 'GET', `/stores/${storeId}`, token)).body).toEqual(before.body);

    const { store_id: _id, last_change: _changed, ...store } = before.body.data;
    const renamed = `${String(store.name)} (renamed)`;
    expect(
      (await call(a, ApiInterface.Enterprise, 'PUT', `/stores/${storeId}`, token, { store: { ...store, name: renamed } })).status,
    ).toBe(204);
    expect((await call(b, ApiInterface.Enterprise, 'GET', `/stores/${storeId}`, token)).body.data.name).toBe(renamed);
  });

  it('applies on the second instance a permission revoked for the application, on the next request', async () => {
    const token = await a.enterpriseToken();
    expect((await call(b, ApiInterface.Enterprise, 'GET', '/currencies?count=1', token)).status).toBe(200);
    // The operator's CLI writes the permission on the shared database.
    await a.dataSource.query(
      `INSERT INTO application_operation_overrides (external_application_id, operation_key, permitted) VALUES ($1, 'GET /currencies', false)`,
      [await a.enterpriseApplicationId()],
    );
    const refused = await withinBound(
      () => call(b, ApiInterface.Enterprise, 'GET', '/currencies?count=1', token),
      (status) => status !== 200,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.exception).toBe('operation_not_allowed_exception');
  });

  it('answers a write only once its own instance serves the new value: 100 changes each read back at once', async () => {
    const token = await a.enterpriseToken();
    const [{ store_id: storeId }] = await a.dataSource.query(`SELECT store_id FROM stores ORDER BY store_id LIMIT 1`);
    const {
      store_id: _id,
      last_change: _changed,
      ...store
    } = (await call(a, ApiInterface.Enterprise, 'GET', `/stores/${storeId}`, token)).body.data;
    // Straight through Fastify's injection: no socket and no wait of the test harness between write and read.
    const inject = (method: 'GET' | 'PUT', payload?: unknown) =>
      a.app.inject({
        method,
        url: `/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}/stores/${storeId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: payload as Record<string, unknown> | undefined,
      });
    for (let round = 0; round < 100; round += 1) {
      expect((await inject('PUT', { store: { ...store, name: `Round ${round}` } })).statusCode).toBe(204);
      expect(JSON.parse((await inject('GET')).body).data.name).toBe(`Round ${round}`);
    }
  });

  // Last: it logs out the token the other cases share.
  it('refuses on the second instance a token logged out through the first, on the next request', async () => {
    const token = await a.enterpriseToken();
    const applicationId = await a.enterpriseApplicationId();
    // Twice, so the second answer comes from the second instance's memory.
    for (let i = 0; i < 2; i += 1) expect((await call(b, ApiInterface.Enterprise, 'GET', '/countries?count=1', token)).status).toBe(200);

    const logout = await call(a, ApiInterface.Enterprise, 'POST', '/users/actions/logout', token, {
      user_external_application_id: applicationId,
      bearer_token: token,
    });
    expect(logout.status).toBe(204);
    const refused = await call(b, ApiInterface.Enterprise, 'GET', '/countries?count=1', token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.exception).toBe('unauthorized_exception');
  });
});
