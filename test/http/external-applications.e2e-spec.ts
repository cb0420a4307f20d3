import { ExternalApplicationService } from '../../src/modules/auth';
import { ApiInterface } from '@tessera/http';
import { TestApp, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';

describe('Customer external applications (HTTP)', () => {
  let t: TestApp;
  const ids: Record<'shop' | 'kiosk' | 'old' | 'backOffice', string> = { shop: '', kiosk: '', old: '', backOffice: '' };

  /** No token at all unless one is given: the operations need none. */
  const get = (iface: Iface, path: string, query?: Record<string, string | string[]>, token?: string): Promise<TestResponse> =>
    t[iface]('GET', path, { query, token });
  const listedIds = (response: TestResponse): string[] =>
    response.body.data.customer_external_applications.map((app: { external_application_id: string }) => app.external_application_id);
  const customerApplicationIds = async (): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT external_application_id FROM external_applications WHERE interface = 'customer' ORDER BY external_application_id`,
      )
    ).map((row: { external_application_id: string }) => row.external_application_id);

  beforeAll(async () => {
    t = await TestApp.create();
    const applications = t.service(ExternalApplicationService);
    ids.shop = await applications.define({ name: 'Shop app', textId: 'shop_app' }, t.dataSource.manager);
    ids.kiosk = await applications.define({ name: 'Kiosk', textId: 'kiosk_app' }, t.dataSource.manager);
    ids.old = await applications.define({ name: 'Old app', textId: 'old_app' }, t.dataSource.manager);
    ids.backOffice = await applications.define(
      { name: 'Back office', textId: 'back_office', apiInterface: ApiInterface.Enterprise },
      t.dataSource.manager,
    );
    await applications.setState(ids.old, 0, t.dataSource.manager);
    await t.dataSource.query(`UPDATE external_applications SET last_change = '2025-03-01 10:00:00+00' WHERE external_application_id = $1`, [
      ids.shop,
    ]);
  });

  afterAll(() => t.close());

  describe('GET /customer-external-applications', () => {
    it.each<Iface>(['enterprise', 'customer'])('lists every Customer-interface application without a token (%s)', async (iface) => {
      const list = await get(iface, '/customer-external-applications', { sort_field: 'external_application_id' });
      expect(list.status).toBe(200);
      expect(listedIds(list)).toEqual(await customerApplicationIds());
      expect(listedIds(list)).not.toContain(ids.backOffice);
      expect(list.body.data.total_items).toBe(listedIds(list).length);
      const shop = list.body.data.customer_external_applications.find((app: { text_id: string }) => app.text_id === 'shop_app');
      // Only the public fields: no interface, no permissions, nothing secret.
      expect(shop).toEqual({
        external_application_id: ids.shop,
        text_id: 'shop_app',
        name: 'Shop app',
        last_change: '2025-03-01 10:00:00',
        state: 1,
      });
    });

    it('ignores a token that is sent along, even an invalid one', async () => {
      const list = await get('customer', '/customer-external-applications', { text_id: 'shop_app' }, 'not-a-token');
      expect(list.status).toBe(200);
      expect(listedIds(list)).toEqual([ids.shop]);
      const enterprise = await get('enterprise', '/customer-external-applications', { text_id: 'kiosk_app' }, 'not-a-token');
      expect(listedIds(enterprise)).toEqual([ids.kiosk]);
    });

    it('filters by text id in either form, several values joined by OR, and never finds Enterprise applications', async () => {
      expect(listedIds(await get('customer', '/customer-external-applications', { text_id: 'kiosk_app' }))).toEqual([ids.kiosk]);
      const both = await get('customer', '/customer-external-applications', { 'text_id[]': ['kiosk_app', 'shop_app'], sort_field: 'name' });
      expect(listedIds(both)).toEqual([ids.kiosk, ids.shop]);
      expect(both.body.data.total_items).toBe(2);
      expect(listedIds(await get('enterprise', '/customer-external-applications', { text_id: 'back_office' }))).toEqual([]);
      expect(listedIds(await get('enterprise', '/customer-external-applications', { text_id: 'nothing' }))).toEqual([]);
    });

    it('shows removed applications with state 0', async () => {
      const list = await get('customer', '/customer-external-applications', { text_id: 'old_app' });
      expect(list.body.data.customer_external_applications).toEqual([
        expect.objectContaining({ external_application_id: ids.old, state: 0 }),
      ]);
    });

    it('pages and sorts, and refuses bad list parameters', async () => {
      const filter = { 'text_id[]': ['kiosk_app', 'shop_app', 'old_app'] };
      const page = await get('customer', '/customer-external-applications', {
        ...filter,
        sort_field: 'name',
        sort_direction: 'DESC',
        count: '2',
      });
      expect(listedIds(page)).toEqual([ids.shop, ids.old]);
      expect(page.body.data.total_items).toBe(3);
      const next = await get('customer', '/customer-external-applications', {
        ...filter,
        sort_field: 'name',
        sort_direction: 'DESC',
        offset: '2',
      });
      expect(listedIds(next)).toEqual([ids.kiosk]);
      const byChange = await get('enterprise', '/customer-external-applications', { ...filter, sort_field: 'last_change', count: '1' });
      expect(listedIds(byChange)).toEqual([ids.shop]);
      const badQueries: Record<string, string>[] = [
        { sort_field: 'interface' },
        { count: '0' },
        { count: '1001' },
        { sort_direction: 'UP' },
      ];
      for (const query of badQueries) {
        const refused = await get('customer', '/customer-external-applications', query);
        expect(refused.status).toBe(400);
        expect(refused.body.error.error_data.invalid_params[0].name).toBe(Object.keys(query)[0]);
      }
    });
  });

  describe('GET /customer-external-applications/{customer_external_application_id}', () => {
    it.each<Iface>(['enterprise', 'customer'])('answers one application without a token (%s)', async (iface) => {
      const one = await get(iface, `/customer-external-applications/${ids.kiosk}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({
        external_application_id: ids.kiosk,
        text_id: 'kiosk_app',
        name: 'Kiosk',
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
      expect((await get(iface, `/customer-external-applications/${ids.old}`)).body.data.state).toBe(0);
    });

    it('answers 404 for an unknown id and for an Enterprise application', async () => {
      for (const id of ['0123456789abcdef0123456789abcdef', ids.backOffice]) {
        const missing = await get('customer', `/customer-external-applications/${id}`);
        expect(missing.status).toBe(404);
        expect(missing.body.error.error_data).toMatchObject({ resource_name: 'customer-external-applications', resource_id: id });
      }
    });
  });

  describe('a removed application', () => {
    it('can no longer create tokens, and the device tokens it has are refused', async () => {
      const applications = t.service(ExternalApplicationService);
      const appId = await applications.define({ name: 'Going away', textId: 'going_away' }, t.dataSource.manager);
      const device = await t.deviceToken(undefined, appId);
      expect((await t.customer('GET', '/stores', { token: device })).status).toBe(200);
      await applications.setState(appId, 0, t.dataSource.manager);
      const refused = await t.customer('GET', '/stores', { token: device });
      expect(refused.status).toBe(401);
      const refusedToken = await t.customer('POST', '/tokens', {
        body: {
          device: { device_id: 'kiosk-1', device_system: 'Android', device_name: 'Kiosk', device_type: 'tablet' },
          setup: { language_id: 'en', allowed_gps: false, allowed_notifications: false },
          external_application_id: appId,
        },
      });
      expect(refusedToken.status).toBe(403);
      expect(refusedToken.body.error.type).toBe('external_application_not_allowed_exception');
      // Activating it restores it, and its tokens work again.
      await t.dataSource.transaction((manager) =>
        applications.define({ applicationId: appId, name: 'Back again', textId: 'going_away' }, manager),
      );
      await applications.setState(appId, 1, t.dataSource.manager);
      expect((await t.customer('GET', '/stores', { token: device })).status).toBe(200);
      expect((await get('customer', `/customer-external-applications/${appId}`)).body.data).toMatchObject({ name: 'Back again', state: 1 });
    });

    it('refuses the bearer tokens of a removed Enterprise application', async () => {
      const token = await t.enterpriseToken();
      expect((await t.enterprise('GET', '/stores', { token })).status).toBe(200);
      await t.service(ExternalApplicationService).setState(await t.enterpriseApplicationId(), 0, t.dataSource.manager);
      expect((await t.enterprise('GET', '/stores', { token })).status).toBe(401);
    });
  });
});
