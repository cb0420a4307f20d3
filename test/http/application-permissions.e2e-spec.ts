import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { ApplicationPermissionService } from '../../src/modules/auth';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('Application permissions (HTTP)', () => {
  let t: TestApp;
  let permissions: ApplicationPermissionService;
  let enterpriseToken: string;
  let enterpriseApp: string;
  let partnerId: string;
  let defaultCardType: { card_type_id: string; name: string; prefix: string };
  let defaultStoreId: string;

  const ent = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<TestResponse> =>
    t.enterprise(method, path, { token: enterpriseToken, body });
  const expectRefused = (response: TestResponse) => {
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ type: 'operation_not_allowed_exception', exception: 'operation_not_allowed_exception' });
  };
  const one = async (sql: string, params: unknown[] = []) => (await t.dataSource.query(sql, params))[0];
  const count = async (table: string) => (await one(`SELECT count(*)::int AS n FROM ${table}`)).n as number;
  const balance = async (customerId: string): Promise<number> =>
    Number((await one(`SELECT coalesce(sum(available_points), 0)::text AS total FROM points WHERE customer_id = $1`, [customerId])).total);
  const simpleReward = async (): Promise<string> => {
    const typeId = (await one(`SELECT reward_type_id FROM reward_types WHERE text_id = 'fixed_discount'`)).reward_type_id;
    const created = await ent('POST', '/rewards/actions/create-simple-reward', {
      simple_reward: {
        code: `PERM${hex().slice(0, 8)}`,
        names: [{ language_code: 'en', text: 'Five off' }],
        reward_type_id: typeId,
        reward_type_value: 5,
        voucher_validity: 'end_of_time_unit',
        voucher_validity_value: 'end_of_month',
        global_reward: true,
        state: 1,
        voucher_code_generation_preference: 'A',
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.reward_id;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    permissions = t.service(ApplicationPermissionService);
    enterpriseToken = await t.enterpriseToken();
    enterpriseApp = await t.enterpriseApplicationId();
    partnerId = (await one(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`)).partner_id;
    defaultCardType = await one(`SELECT card_type_id, name, prefix FROM card_types WHERE text_id = 'default'`);
    defaultStoreId = (await one(`SELECT store_id FROM stores WHERE store_code = 'default'`)).store_id;
  });

  afterAll(() => t.close());

  describe('a device token without a logged-in customer', () => {
    let device: string;

    beforeAll(async () => {
      device = await t.deviceToken();
    });

    it('cannot rename the default card type or change its prefix', async () => {
      const { card_type_id: id } = defaultCardType;
      expectRefused(
        await t.customer('PUT', `/card-types/${id}`, {
          token: device,
          body: { card_type: { name: 'Hijacked', prefix: defaultCardType.prefix } },
        }),
      );
      expectRefused(
        await t.customer('PUT', `/card-types/${id}`, {
          token: device,
          body: { card_type: { name: defaultCardType.name, prefix: '0000' } },
        }),
      );
      expect(await one(`SELECT card_type_id, name, prefix FROM card_types WHERE card_type_id = $1`, [id])).toEqual(defaultCardType);
    });

    it('cannot create a card type or a store', async () => {
      const [cardTypes, stores] = [await count('card_types'), await count('stores')];
      expectRefused(await t.customer('POST', '/card-types', { token: device, body: { card_type: { name: 'Rogue card', prefix: '66' } } }));
      expectRefused(
        await t.customer('POST', '/stores', {
          token: device,
          body: { store: { store_code: `rogue-${hex().slice(0, 6)}`, name: 'Rogue store', partner_id: partnerId, system_id: 'pos' } },
        }),
      );
      expect([await count('card_types'), await count('stores')]).toEqual([cardTypes, stores]);
    });

    it('cannot rename the default store, though it may read it', async () => {
      const read = await t.customer('GET', `/stores/${defaultStoreId}`, { token: device });
      expect(read.status).toBe(200);
      const { name } = read.body.data;
      expectRefused(
        await t.customer('PUT', `/stores/${defaultStoreId}`, {
          token: device,
          body: { store: { ...read.body.data, name: 'Renamed by a device' } },
        }),
      );
      expect((await one(`SELECT name FROM stores WHERE store_id = $1`, [defaultStoreId])).name).toBe(name);
    });

    it('may still read reference data, register a customer and handle its own token', async () => {
      expect((await t.customer('GET', '/countries', { token: device, query: { country_id: 'cz' } })).status).toBe(200);
      const registered = await t.customer('POST', '/customers', {
        token: device,
        body: {
          customer: {
            personal_information: {
              first_name: 'Self',
              last_name: 'Service',
              email: `self-${hex().slice(0, 6)}@example.test`,
              language_id: 'en',
            },
          },
          customer_source: {
            customer_source_id: (await one(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'mobile_app'`))
              .customer_source_id,
          },
          autologin: false,
          password: 'Mobile-pass-42',
        },
      });
      expect(registered.status).toBe(201);
      const setup = await t.customer('PUT', `/tokens/${device}`, {
        token: device,
        body: { setup: { language_id: 'en', allowed_gps: true, allowed_notifications: false } },
      });
      expect(setup.status).toBe(204);
    });
  });

  describe('a logged-in customer', () => {
    let customer: TestCustomer;
    let device: string;

    beforeAll(async () => {
      customer = await t.createCustomer();
      await ent('POST', '/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 521 });
      device = await t.deviceToken(customer);
    });

    it('cannot synchronize its own points', async () => {
      expectRefused(
        await t.customer('POST', '/points/actions/synchronize-points', {
          token: device,
          body: { customer_id: customer.customerId, amount: 1000000 },
        }),
      );
      expect(await balance(customer.customerId)).toBe(521);
    });

    it('cannot issue itself a custom voucher', async () => {
      const rewardId = await simpleReward();
      const refused = await t.customer('POST', `/rewards/${rewardId}/actions/create-custom-voucher`, {
        token: device,
        body: { customer_id: customer.customerId, value: 100000 },
      });
      expectRefused(refused);
      expect((await one(`SELECT count(*)::int AS n FROM vouchers WHERE customer_id = $1`, [customer.customerId])).n).toBe(0);
    });

    it('may change its own data', async () => {
      const updated = await t.customer('PUT', `/customers/${customer.customerId}`, {
        token: device,
        body: { customer: { personal_information: { first_name: 'Renamed', email: customer.email, language_id: 'en' } } },
      });
      expect(updated.status).toBe(204);
    });
  });

  describe('an Enterprise application', () => {
    it('is refused the switched-off operations by default and may call them once granted', async () => {
      const customer = await t.createCustomer();
      const rewardId = await simpleReward();
      const creditTypeId = (await one(`SELECT credit_type_id FROM credit_types WHERE is_default`)).credit_type_id;
      const calls: [string, () => Promise<TestResponse>][] = [
        ['GET /users', () => ent('GET', '/users')],
        [
          'POST /credits/actions/deposit-credits',
          () => ent('POST', '/credits/actions/deposit-credits', { customer_id: customer.customerId, partner_id: partnerId, amount: 10 }),
        ],
        [
          'POST /credits/actions/reduce-credits',
          () => ent('POST', '/credits/actions/reduce-credits', { customer_id: customer.customerId, partner_id: partnerId, amount: 1 }),
        ],
        [
          'POST /credits/actions/transfer-credits',
          async () =>
            ent('POST', '/credits/actions/transfer-credits', {
              original_customer_id: customer.customerId,
              new_customer_id: (await t.createCustomer()).customerId,
              amount: 1,
              credit_type_id: creditTypeId,
            }),
        ],
        [
          'POST /rewards/{reward_id}/actions/create-custom-voucher',
          () => ent('POST', `/rewards/${rewardId}/actions/create-custom-voucher`, { customer_id: customer.customerId, value: 5 }),
        ],
      ];
      for (const [, call] of calls) expectRefused(await call());
      expect(await one(`SELECT count(*)::int AS n FROM credits WHERE customer_id = $1`, [customer.customerId])).toEqual({ n: 0 });

      await t.grantOperations(enterpriseApp, ['disabled-by-default']);
      for (const [key, call] of calls) {
        const response = await call();
        expect([key, response.status < 300 ? 'succeeded' : response.text]).toEqual([key, 'succeeded']);
      }
      await permissions.revoke(enterpriseApp, ['disabled-by-default']);
    });

    it('loses a revoked operation on the next request and gets it back with a grant', async () => {
      expect((await ent('GET', '/countries')).status).toBe(200);
      await permissions.revoke(enterpriseApp, ['GET /countries']);
      expectRefused(await ent('GET', '/countries'));
      expect((await ent('GET', '/currencies')).status).toBe(200);
      await permissions.grant(enterpriseApp, ['GET /countries']);
      expect((await ent('GET', '/countries')).status).toBe(200);
      expect(
        await t.dataSource.query(`SELECT * FROM application_operation_overrides WHERE external_application_id = $1`, [enterpriseApp]),
      ).toEqual([]);
    });

    it('cannot log in when its login operation is revoked', async () => {
      const application = await t.createApplication(ApiInterface.Enterprise);
      const user = await t.createApiUser();
      const login = () =>
        t.enterprise('POST', '/users/actions/login', {
          body: { user_external_application_id: application, login: user.login, password: user.password },
        });
      expect((await login()).status).toBe(200);
      await permissions.revoke(application, ['POST /users/actions/login']);
      expectRefused(await login());
    });

    it('stays refused an operation the project switched off, whatever it was granted', async () => {
      const restricted = await TestApp.create({ TESSERA_DISABLED_OPERATIONS: 'GET /users' });
      try {
        const token = await restricted.enterpriseToken();
        await restricted.grantOperations(await restricted.enterpriseApplicationId(), ['GET /users']);
        const response = await restricted.enterprise('GET', '/users', { token });
        expectRefused(response);
        expect(response.body.error.detail).toContain('switched off for this project');
      } finally {
        await restricted.close();
      }
    });
  });

  describe('a Customer application with grants', () => {
    it('may write project data once granted, and not after a revoke', async () => {
      const application = await t.createApplication(ApiInterface.Customer);
      const device = await t.deviceToken(undefined, application);
      const newStore = () => ({
        store: { store_code: `granted-${hex().slice(0, 6)}`, name: 'Granted store', partner_id: partnerId, system_id: 'pos' },
      });
      expectRefused(await t.customer('POST', '/stores', { token: device, body: newStore() }));
      await t.grantOperations(application, ['project-writes']);
      expect((await t.customer('POST', '/stores', { token: device, body: newStore() })).status).toBe(201);
      await permissions.revoke(application, ['POST /stores']);
      expectRefused(await t.customer('POST', '/stores', { token: device, body: newStore() }));
      expect(
        (
          await t.customer('POST', '/card-types', {
            token: device,
            body: { card_type: { name: `Granted ${hex().slice(0, 6)}`, prefix: '55' } },
          })
        ).status,
      ).toBe(201);
    });

    it('cannot create device tokens when POST /tokens is revoked for it', async () => {
      const application = await t.createApplication(ApiInterface.Customer);
      await permissions.revoke(application, ['POST /tokens']);
      const created = await t.customer('POST', '/tokens', {
        body: {
          device: { device_id: `device-${hex().slice(0, 8)}`, device_system: 'Android', device_name: 'Pixel', device_type: 'phone' },
          setup: { language_id: 'en', allowed_gps: false, allowed_notifications: true },
          external_application_id: application,
        },
      });
      expectRefused(created);
      expect(await one(`SELECT count(*)::int AS n FROM device_tokens WHERE external_application_id = $1`, [application])).toEqual({ n: 0 });
    });

    it('lists the effective operations and names unknown applications and words', async () => {
      const application = await t.createApplication(ApiInterface.Customer);
      const defaults = await permissions.list(application);
      expect(defaults).toContain('POST /customers');
      expect(defaults).not.toContain('POST /stores');
      await permissions.grant(application, ['POST /stores']);
      expect(await permissions.list(application)).toEqual([...defaults, 'POST /stores'].sort());
      expect(await permissions.isPermitted(application, 'POST /stores')).toBe(true);
      await expect(permissions.grant('nope', ['POST /stores'])).rejects.toThrow('No external application has the id "nope"');
      await expect(permissions.grant(application, ['POST /stores', 'GET /users', 'all'])).rejects.toThrow('"GET /users", "all"');
    });
  });

  describe('a customer deleted or deactivated after logging in (decision 28)', () => {
    it.each([
      ['deleted', 0],
      ['deactivated', 2],
    ])('leaves the device token anonymous once the customer is %s', async (_, state) => {
      const customer = await t.createCustomer();
      const device = await t.deviceToken(customer);
      expect((await t.customer('GET', `/customers/${customer.customerId}/points`, { token: device })).status).toBe(200);
      await t.dataSource.query(`UPDATE customers SET state = $2 WHERE customer_id = $1`, [customer.customerId, state]);
      const after = await t.customer('GET', `/customers/${customer.customerId}/points`, { token: device });
      expect(after.status).toBe(403);
      expect(after.body.error.type).toBe('customer_not_logged_in_exception');
      expect((await t.customer('GET', '/countries', { token: device, query: { country_id: 'cz' } })).status).toBe(200);
      // Restoring the customer does not log them back in: the login ended.
      await t.dataSource.query(`UPDATE customers SET state = 1 WHERE customer_id = $1`, [customer.customerId]);
      expect((await t.customer('GET', `/customers/${customer.customerId}/points`, { token: device })).status).toBe(403);
    });
  });
});
