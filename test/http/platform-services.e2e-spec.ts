import { createServer, Server, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { CACHED_TABLES } from '../../src/platform/cache/table-families';
import { TestApp, TestResponse } from '../support/test-app';

/** A TCP relay to Redis that a test can cut, to lose Redis while the app runs. */
async function redisRelay(target: URL): Promise<{ url: string; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 6379), target.hostname);
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const SHARED_REDIS = process.env.REDIS_URL;
const UNREACHABLE_REDIS = 'redis://127.0.0.1:9';

function expectTooManyRequests(response: TestResponse): void {
  expect(response.status).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.body).toEqual({
    error: { type: 'about:blank', exception: 'too_many_requests_exception', title: expect.any(String), detail: expect.any(String) },
  });
}

describe('Response caching (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let storeId: string;

  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_CACHE: '/countries=1h, /stores/{store_id}=5m, /customers=10m' });
    token = await t.enterpriseToken();
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at LIMIT 1`))[0].store_id;
  });

  afterAll(() => t.close());

  it('marks configured endpoints with max-age and leaves the others without Cache-Control', async () => {
    const countries = await t.enterprise('GET', '/countries', { token });
    expect(countries.status).toBe(200);
    expect(countries.headers['cache-control']).toBe('max-age=3600');
    const currencies = await t.enterprise('GET', '/currencies', { token });
    expect(currencies.status).toBe(200);
    expect(currencies.headers['cache-control']).toBeUndefined();
  });

  it('answers a repeated request from the cache and a different language or query afresh', async () => {
    // A customer's own data changed behind the API: no operation dropped it and the change feed leaves customers to their operations.
    const customer = await t.createCustomer({ firstName: 'Before' });
    const device = await t.deviceToken(customer);
    const first = await t.customer('GET', '/customers', { token: device, headers: { 'accept-language': 'en' } });
    expect(first.headers['cache-control']).toBe('max-age=600');
    await t.dataSource.query(`UPDATE customers SET first_name = 'Changed behind the cache' WHERE customer_id = $1`, [customer.customerId]);
    const hit = await t.customer('GET', '/customers', { token: device, headers: { 'accept-language': 'en' } });
    expect(hit.body).toEqual(first.body);
    expect(hit.headers['cache-control']).toMatch(/^max-age=(59\d|600)$/);
    const otherLanguage = await t.customer('GET', '/customers', { token: device, headers: { 'accept-language': 'de' } });
    expect(JSON.stringify(hit.body)).not.toContain('Changed behind the cache');
    expect(JSON.stringify(otherLanguage.body)).toContain('Changed behind the cache');
  });

  it('drops cached answers of a definition changed outside the API (the CLI, SQL, an instance with its own cache)', async () => {
    const cached = await t.enterprise('GET', `/stores/${storeId}`, { token });
    expect(cached.headers['cache-control']).toMatch(/^max-age=/);
    await t.dataSource.query(`UPDATE stores SET name = 'Renamed by the CLI' WHERE store_id = $1`, [storeId]);
    // The change feed reports the commit within milliseconds; the tests hold it to a second.
    const deadline = Date.now() + 1000;
    let name = cached.body.data.name;
    while (name !== 'Renamed by the CLI' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      name = (await t.enterprise('GET', `/stores/${storeId}`, { token })).body.data.name;
    }
    expect(name).toBe('Renamed by the CLI');
  });

  it('listens for every table whose changes make cached answers stale', async () => {
    const missing: { table: string }[] = await t.dataSource.query(
      `SELECT table_name AS table FROM unnest($1::text[]) AS table_name
        WHERE NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = table_name || '_notify_change')`,
      [CACHED_TABLES],
    );
    expect(missing).toEqual([]);
  });

  it('drops cached answers of a family when the server itself changes it', async () => {
    const before = await t.enterprise('GET', `/stores/${storeId}`, { token });
    const { store_id: _id, last_change: _changed, ...store } = before.body.data;
    const replaced = await t.enterprise('PUT', `/stores/${storeId}`, {
      token,
      body: { store: { ...store, name: 'Renamed through the API' } },
    });
    expect(replaced.status).toBe(204);
    const after = await t.enterprise('GET', `/stores/${storeId}`, { token });
    expect(after.body.data.name).toBe('Renamed through the API');
  });

  it('drops cached answers of a family when an operator changes it through the operator API', async () => {
    const cached = await t.enterprise('GET', `/stores/${storeId}`, { token });
    expect(cached.headers['cache-control']).toMatch(/^max-age=/);
    const operator = (await t.operatorToken(['programme_manager'])).token;
    const shown = await t.operator('GET', `/stores/${storeId}`, { token: operator });
    const { store_id: _id, state: _state, last_change: _changed, ...definition } = shown.body.data;
    const changed = await t.operator('PUT', `/stores/${storeId}`, {
      token: operator,
      body: { ...definition, name: 'Renamed by an operator' },
    });
    expect(changed.status).toBe(200);
    expect((await t.enterprise('GET', `/stores/${storeId}`, { token })).body.data.name).toBe('Renamed by an operator');
  });

  it('caches only successful answers', async () => {
    const missing = await t.enterprise('GET', `/stores/${'0'.repeat(32)}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    const badQuery = await t.enterprise('GET', '/countries', { token, query: { sort_field: 'nope' } });
    expect(badQuery.status).toBe(400);
    expect(badQuery.headers['cache-control']).toBeUndefined();
  });

  it('never gives one customer the cached answer of another', async () => {
    const alice = await t.createCustomer({ firstName: 'Alice' });
    const bob = await t.createCustomer({ firstName: 'Bob' });
    const aliceToken = await t.deviceToken(alice);
    const bobToken = await t.deviceToken(bob);
    const forAlice = await t.customer('GET', '/customers', { token: aliceToken });
    expect(forAlice.status).toBe(200);
    expect(forAlice.headers['cache-control']).toBe('max-age=600');
    const forBob = await t.customer('GET', '/customers', { token: bobToken });
    expect(forBob.status).toBe(200);
    expect(forBob.body.data.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual([bob.customerId]);
    const aliceAgain = await t.customer('GET', '/customers', { token: aliceToken });
    expect(aliceAgain.body.data.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual([alice.customerId]);
  });
});

describe('Rate limiting (HTTP)', () => {
  let t: TestApp;

  // A fresh instance per test: its in-memory counters start at zero.
  beforeEach(async () => {
    t = await TestApp.create({
      TESSERA_RATE_LIMIT: '3/1m',
      TESSERA_RATE_LIMIT_ANONYMOUS: '2/1m',
      TESSERA_RATE_LIMIT_ROUTES: 'GET /currencies=1/1m',
    });
  });

  afterEach(() => t.close());

  it('answers 429 with Retry-After and the error body once a client spends its budget', async () => {
    const token = await t.enterpriseToken();
    const otherClient = await t.deviceToken();
    for (let i = 0; i < 3; i += 1) expect((await t.enterprise('GET', '/countries', { token })).status).toBe(200);
    expectTooManyRequests(await t.enterprise('GET', '/countries', { token }));
    expect((await t.customer('GET', '/countries', { token: otherClient })).status).toBe(200);
  });

  it('gives every device token a budget of its own, logged in or not, and limits creating tokens per client IP', async () => {
    const applicationId = await t.createApplication(ApiInterface.Customer);
    const greedy = await t.deviceToken(undefined, applicationId);
    const patient = await t.deviceToken(undefined, applicationId);
    for (let i = 0; i < 3; i += 1) expect((await t.customer('GET', '/countries', { token: greedy })).status).toBe(200);
    expectTooManyRequests(await t.customer('GET', '/countries', { token: greedy }));
    expect((await t.customer('GET', '/countries', { token: patient })).status).toBe(200);
    // Both tokens were created from this IP: its budget for calls without a token (2) is spent.
    const device = { device_id: 'one-more', device_system: 'Android', device_name: 'Pixel', device_type: 'phone' };
    const setup = { language_id: 'en', allowed_gps: false, allowed_notifications: true };
    expectTooManyRequests(await t.customer('POST', '/tokens', { body: { device, setup, external_application_id: applicationId } }));
  });

  it('limits calls without a token per client IP', async () => {
    const body = { user_external_application_id: 'unknown', login: 'nobody', password: 'wrong' };
    expect((await t.enterprise('POST', '/users/actions/login', { body })).status).toBe(403);
    expect((await t.enterprise('POST', '/users/actions/login', { body })).status).toBe(403);
    expectTooManyRequests(await t.enterprise('POST', '/users/actions/login', { body }));
    const elsewhere = await t.enterprise('POST', '/users/actions/login', { body, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(elsewhere.status).toBe(429); // the header is not trusted unless the operator says so
  });

  it('applies an operation limit on top of the client budget', async () => {
    const token = await t.deviceToken();
    expect((await t.customer('GET', '/currencies', { token })).status).toBe(200);
    expectTooManyRequests(await t.customer('GET', '/currencies', { token }));
    expect((await t.customer('GET', '/countries', { token })).status).toBe(200);
  });

  it('counts an operation limit per caller: one token spending it leaves every other caller their own', async () => {
    await t.restart({ TESSERA_RATE_LIMIT: 'off', TESSERA_RATE_LIMIT_ANONYMOUS: 'off', TESSERA_RATE_LIMIT_ROUTES: 'GET /languages=30/1m' });
    const applicationId = await t.createApplication(ApiInterface.Customer);
    const greedy = await t.deviceToken(undefined, applicationId);
    const other = await t.deviceToken(undefined, applicationId);
    const loggedIn = await t.deviceToken(await t.createCustomer(), applicationId);
    const apiUser = await t.enterpriseToken();
    for (let i = 0; i < 30; i += 1) expect((await t.customer('GET', '/languages', { token: greedy })).status).toBe(200);
    expectTooManyRequests(await t.customer('GET', '/languages', { token: greedy }));
    expect((await t.customer('GET', '/languages', { token: other })).status).toBe(200);
    expect((await t.customer('GET', '/languages', { token: loggedIn })).status).toBe(200);
    expect((await t.enterprise('GET', '/languages', { token: apiUser })).status).toBe(200);
  });

  it('never limits the health probes', async () => {
    for (let i = 0; i < 5; i += 1) expect((await t.request('GET', '/health')).status).toBe(200);
  });
});

describe('Redis lost or unreachable', () => {
  it('keeps serving with in-memory cache and limits, and reports not ready', async () => {
    const t = await TestApp.create({
      REDIS_URL: UNREACHABLE_REDIS,
      TESSERA_CACHE: '/customers/{customer_id}=1m',
      TESSERA_RATE_LIMIT: '4/1m',
    });
    try {
      const token = await t.enterpriseToken();
      const { customerId } = await t.createCustomer({ firstName: 'Before' });
      const first = await t.enterprise('GET', `/customers/${customerId}`, { token });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('max-age=60');
      // Customers changed behind the API stay cached until their time-to-live: the hit proves the memory cache.
      await t.dataSource.query(`UPDATE customers SET first_name = 'Changed' WHERE customer_id = $1`, [customerId]);
      expect((await t.enterprise('GET', `/customers/${customerId}`, { token })).body).toEqual(first.body);
      expect((await t.enterprise('GET', '/countries', { token })).status).toBe(200);
      expect((await t.enterprise('GET', '/countries', { token })).status).toBe(200);
      expectTooManyRequests(await t.enterprise('GET', '/countries', { token }));
      expect((await t.request('GET', '/health')).status).toBe(200);
      const ready = await t.request('GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

(SHARED_REDIS ? describe : describe.skip)('Several instances on one Redis', () => {
  const prefix = () => `tessera-test-${randomBytes(4).toString('hex')}`;

  it('share rate-limit counters and cached answers, and both invalidate', async () => {
    const settings = {
      REDIS_URL: SHARED_REDIS as string,
      TESSERA_REDIS_PREFIX: prefix(),
      TESSERA_RATE_LIMIT: '5/1m',
      TESSERA_CACHE: '/stores/{store_id}=1m, /customers/{customer_id}=1m',
    };
    const a = await TestApp.create(settings);
    const b = await a.sibling(settings);
    try {
      expect((await a.request('GET', '/ready')).body).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
      const token = await a.enterpriseToken();
      const { customerId } = await a.createCustomer({ firstName: 'Before' });
      const cachedOnA = await a.enterprise('GET', `/customers/${customerId}`, { token });
      // Changed behind the API, a customer stays cached: b answering a's answer proves the cache is shared.
      await a.dataSource.query(`UPDATE customers SET first_name = 'Changed behind the cache' WHERE customer_id = $1`, [customerId]);
      expect((await b.enterprise('GET', `/customers/${customerId}`, { token })).body).toEqual(cachedOnA.body);
      const storeId = (await a.dataSource.query(`SELECT store_id FROM stores LIMIT 1`))[0].store_id;
      const cached = await a.enterprise('GET', `/stores/${storeId}`, { token });
      const { store_id: _id, last_change: _changed, ...store } = cached.body.data;
      expect((await b.enterprise('PUT', `/stores/${storeId}`, { token, body: { store: { ...store, name: 'Renamed on b' } } })).status).toBe(
        204,
      );
      const fresh = await a.enterprise('GET', `/stores/${storeId}`, { token });
      expect(fresh.body.data.name).toBe('Renamed on b');
      // Five requests so far across both instances: the shared budget of five is spent on either.
      expectTooManyRequests(await b.enterprise('GET', '/countries', { token }));
      expectTooManyRequests(await a.enterprise('GET', '/countries', { token }));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('falls back to memory when Redis goes away mid-run', async () => {
    const relay = await redisRelay(new URL(SHARED_REDIS as string));
    const t = await TestApp.create({
      REDIS_URL: relay.url,
      TESSERA_REDIS_PREFIX: prefix(),
      TESSERA_RATE_LIMIT: '50/1m',
      TESSERA_CACHE: '/countries=1m',
    });
    try {
      const token = await t.enterpriseToken();
      expect((await t.request('GET', '/ready')).status).toBe(200);
      expect((await t.enterprise('GET', '/countries', { token })).status).toBe(200);
      await relay.cut();
      for (let i = 0; i < 3; i += 1) {
        const response = await t.enterprise('GET', '/countries', { token });
        expect(response.status).toBe(200);
        expect(response.headers['cache-control']).toMatch(/^max-age=\d+$/);
      }
      expect((await t.request('GET', '/ready')).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

describe('Several instances in one process', () => {
  it('authenticate with their own services, so closing one leaves the other working', async () => {
    const a = await TestApp.create();
    const token = await a.enterpriseToken();
    const device = await a.deviceToken();
    const b = await a.sibling();
    expect((await b.enterprise('GET', '/countries', { token, query: { count: '1' } })).status).toBe(200);
    await b.close();
    try {
      expect((await a.enterprise('GET', '/countries', { token, query: { count: '1' } })).status).toBe(200);
      expect((await a.customer('GET', '/countries', { token: device, query: { count: '1' } })).status).toBe(200);
    } finally {
      await a.close();
    }
  });
});
