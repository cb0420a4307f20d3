import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { EnterpriseSessionService } from '../../src/modules/auth';
import { TestApp } from '../support/test-app';

/** An API user bound to a store through the operator API acts for that store on the Enterprise interface. */
describe('Operator API: an API user bound to a store', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });
  afterAll(() => t.close());

  it('gives the Enterprise actor of a user bound by store code that store', async () => {
    const partnerId = randomBytes(16).toString('hex');
    const storeId = randomBytes(16).toString('hex');
    const storeCode = `BOUND-${randomBytes(3).toString('hex')}`;
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Bound partner')`, [partnerId]);
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Bound store', $3, 'pos')`,
      [storeId, storeCode, partnerId],
    );
    const user = await t.createApiUser();
    const owner = (await t.operatorToken(['owner'])).token;
    const bound = await t.operator('PUT', `/users/${user.login}`, {
      token: owner,
      body: { login: user.login, store_id: storeCode, roles: [] },
    });
    expect(bound.status).toBe(200);
    const [stored] = await t.dataSource.query(`SELECT store_id FROM api_users WHERE user_id = $1`, [user.userId]);
    expect(stored.store_id).toBe(storeId);

    const applicationId = await t.createApplication(ApiInterface.Enterprise);
    const login = await t.enterprise('POST', '/users/actions/login', {
      body: { user_external_application_id: applicationId, login: user.login, password: user.password },
    });
    expect(login.status).toBe(200);
    const actor = await t.service(EnterpriseSessionService).authenticate(login.body.data.bearer_token as string);
    expect(actor).toMatchObject({ kind: 'api_user', userId: user.userId, storeId });
  });
});
