import { appendFileSync } from 'node:fs';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashPassword, newId } from '@tessera/core';
import { ApiInterface, INTERFACE_BASE_PATHS, OPERATOR_BASE_PATH } from '@tessera/http';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/http/create-http-app';
import { ChangeFeed } from '../../src/platform/change-feed';
import { ApiUserService, ApplicationPermissionService, ExternalApplicationService } from '../../src/modules/auth';
import { NewCustomerAccount } from '../../src/modules/customers';
import { cloneTemplateDatabase } from './test-database';

/**
 * With `TESSERA_RECORD_RESPONSES=<file>`, every exchange is appended there as a JSON line, so a contract
 * checker can validate all responses the tests produced without the tests depending on it.
 */
function recordExchange(method: string, url: string, status: number, body: string, contentType: unknown): void {
  const file = process.env.TESSERA_RECORD_RESPONSES;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ method, url, status, body, contentType })}\n`);
}

function withQuery(url: string, query: Record<string, string | string[]> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) params.append(name, item);
  return `${url}?${params.toString()}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface RequestOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
}

export interface TestCustomer {
  customerId: string;
  email: string;
  password: string;
  cardNumber: string;
}

/**
 * The real application on a database of its own (cloned from the migrated template), driven through
 * Fastify's injection: no sockets, but every hook, guard, pipe and filter of a real request.
 */
export class TestApp {
  private enterpriseTokenCache?: string;
  private enterpriseApplication?: string;

  private constructor(
    public app: NestFastifyApplication,
    public config: AppConfig,
    private readonly database: { url: string; drop: () => Promise<void> },
  ) {}

  static async create(overrides: Record<string, string> = {}): Promise<TestApp> {
    const database = await cloneTemplateDatabase();
    const config = TestApp.configWith(overrides);
    return new TestApp(await TestApp.startApp(config, database.url), config, database);
  }

  /** A second instance on the same database, as behind a load balancer; closing it keeps the database. */
  async sibling(overrides: Record<string, string> = {}): Promise<TestApp> {
    const config = TestApp.configWith(overrides);
    const database = { url: this.database.url, drop: async () => undefined };
    return new TestApp(await TestApp.startApp(config, database.url), config, database);
  }

  /** Restarts the application on the same database with other settings (settings are read at start). */
  async restart(overrides: Record<string, string>): Promise<void> {
    await this.app.close();
    this.enterpriseTokenCache = undefined;
    this.enterpriseApplication = undefined;
    this.config = TestApp.configWith(overrides);
    this.app = await TestApp.startApp(this.config, this.database.url);
  }

  private static configWith(overrides: Record<string, string>): AppConfig {
    // Tests drive many requests from one client: limits apply only where a test sets them.
    return loadConfig({
      TESSERA_LOG_LEVEL: 'silent',
      TESSERA_DATA_DIR: '/nonexistent-test-data',
      TESSERA_RATE_LIMIT: 'off',
      TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
      // Message delivery runs when a test drains the queue, never in the background of a measurement.
      TESSERA_MESSAGE_POLL: '0',
      TESSERA_WEBHOOK_POLL: '0',
      // Tests roll the figures up themselves.
      TESSERA_FIGURES_POLL: '0',
      // Tests grant birthdays and run the status period end themselves.
      TESSERA_BIRTHDAY_POLL: '0',
      TESSERA_STATUS_POLL: '0',
      // Tests run the segment evaluation themselves.
      TESSERA_SEGMENT_POLL: '0',
      ...overrides,
    });
  }

  private static async startApp(config: AppConfig, databaseUrl: string): Promise<NestFastifyApplication> {
    const app = await createHttpApp({ config, databaseUrl });
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  /**
   * A service of the application whose every method first waits until the application has heard each
   * change committed so far, as `request` does: tests write around the API (SQL, other services), and
   * in-memory snapshots learn of such writes by notification, which a direct call could overtake.
   */
  service<T extends object>(type: new (...args: never[]) => T): T {
    const instance = this.app.get(type, { strict: false });
    const changes = this.app.get(ChangeFeed);
    return new Proxy(instance, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => changes.sync().then(() => (value as (...args: unknown[]) => unknown).apply(target, args));
      },
    });
  }

  /** Raw request on any path (e.g. `/health` or a wrong interface prefix). */
  async request(method: Method, url: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    // Tests also write around the API (services, SQL); those changes reach the in-memory copies by
    // notification, which an injected request, never waiting on I/O, could overtake.
    await this.app.get(ChangeFeed).sync();
    const response = await this.app.inject({ method, url, query: options.query, headers, payload });
    recordExchange(method, withQuery(url, options.query), response.statusCode, response.body, response.headers['content-type']);
    let body: unknown;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body, text: response.body };
  }

  enterprise(method: Method, path: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request(method, `/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}${path}`, options);
  }

  customer(method: Method, path: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request(method, `/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}${path}`, options);
  }

  async createApplication(apiInterface: ApiInterface): Promise<string> {
    return this.service(ExternalApplicationService).create(`test ${apiInterface} app`, apiInterface);
  }

  async createApiUser(
    login = `user-${randomBytes(4).toString('hex')}`,
    password = 'correct horse battery',
    roleTextIds?: string[],
  ): Promise<{ login: string; password: string; userId: string }> {
    const user = await this.service(ApiUserService).create({
      login,
      password,
      firstName: 'Test',
      lastName: 'User',
      email: `${login}@example.test`,
      roleTextIds,
    });
    return { login, password, userId: user.id };
  }

  /** A request to the operator API (`path` after its base path). */
  operator(method: Method, path: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request(method, `/${OPERATOR_BASE_PATH}${path}`, options);
  }

  /** A fresh API user holding `roles` (text ids), signed in to the operator API. */
  async operatorToken(roles: string[] = ['owner']): Promise<{ token: string; login: string; userId: string }> {
    const user = await this.createApiUser(undefined, undefined, roles);
    const response = await this.operator('POST', '/sessions', { body: { login: user.login, password: user.password } });
    if (response.status !== 201) throw new Error(`operator sign-in failed: ${response.text}`);
    return { token: response.body.data.token as string, login: user.login, userId: user.userId };
  }

  /** A bearer token of a fresh API user (cached per app). */
  async enterpriseToken(): Promise<string> {
    if (this.enterpriseTokenCache) return this.enterpriseTokenCache;
    const applicationId = await this.createApplication(ApiInterface.Enterprise);
    const user = await this.createApiUser();
    const response = await this.enterprise('POST', '/users/actions/login', {
      body: { user_external_application_id: applicationId, login: user.login, password: user.password },
    });
    if (response.status !== 200) throw new Error(`login failed: ${response.text}`);
    this.enterpriseApplication = applicationId;
    this.enterpriseTokenCache = response.body.data.bearer_token as string;
    return this.enterpriseTokenCache;
  }

  /** The application `enterpriseToken()` signs in with. */
  async enterpriseApplicationId(): Promise<string> {
    await this.enterpriseToken();
    return this.enterpriseApplication as string;
  }

  /** Permits operations (keys such as `POST /stores`, or group names) to an application beyond its defaults. */
  async grantOperations(applicationId: string, words: string[]): Promise<void> {
    await this.service(ApplicationPermissionService).grant(applicationId, words);
  }

  /**
   * A customer who can log in, with an active card of the default card type: written straight to the
   * tables, so the fixture adds no outbox events to those a test counts (the CLI's `customer create`,
   * which writes its events, is tested on its own).
   */
  async createCustomer(input: Partial<NewCustomerAccount> = {}): Promise<TestCustomer> {
    const suffix = randomBytes(4).toString('hex');
    const email = input.email ?? `customer-${suffix}@example.test`;
    const password = input.password ?? 'Customer-pass-1';
    const customerId = newId();
    const cardNumber = `900${parseInt(suffix, 16)}`;
    await this.dataSource.query(
      `WITH customer AS (
         INSERT INTO customers (customer_id, email, phone, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4, $5, $6))
       INSERT INTO cards (card_id, customer_id, card_type_id, card_number) SELECT $7, $1, card_type_id, $8 FROM card_types WHERE is_default`,
      [
        customerId,
        email,
        input.phone ?? null,
        input.firstName ?? null,
        input.lastName ?? null,
        await hashPassword(password),
        newId(),
        cardNumber,
      ],
    );
    return { customerId, email, password, cardNumber };
  }

  /** A device token; with `customer`, that customer is logged in on it. */
  async deviceToken(customer?: TestCustomer, applicationId?: string): Promise<string> {
    const externalApplicationId = applicationId ?? (await this.createApplication(ApiInterface.Customer));
    const created = await this.customer('POST', '/tokens', {
      body: {
        device: {
          device_id: `device-${randomBytes(4).toString('hex')}`,
          device_system: 'Android',
          device_name: 'Pixel',
          device_type: 'phone',
        },
        setup: { language_id: 'en', allowed_gps: false, allowed_notifications: true },
        external_application_id: externalApplicationId,
      },
    });
    if (created.status !== 201) throw new Error(`token creation failed: ${created.text}`);
    const tokenId = created.body.data.token_id as string;
    if (customer) {
      const login = await this.customer('POST', `/tokens/${tokenId}/actions/login`, {
        token: tokenId,
        body: { login_type: 'email', login_value: customer.email, password: customer.password },
      });
      if (login.status !== 200) throw new Error(`customer login failed: ${login.text}`);
    }
    return tokenId;
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.drop();
  }
}
