import { EngagementSetupDefinitionRepository, EngagementSetupState } from '../../src/modules/reference-data';
import { TestApp, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';

describe('Customer engagement setups (HTTP)', () => {
  let t: TestApp;
  const ids: Record<'shop' | 'blog' | 'old', string> = { shop: '', blog: '', old: '' };
  const shopSetup = '{"site": "shop.example.test", "events": ["page_view", "add_to_cart"]}';

  /** No token unless one is given: the tracking script reads them before anyone signs in. */
  const get = (iface: Iface, path: string, query?: Record<string, string>, token?: string): Promise<TestResponse> =>
    t[iface]('GET', path, { query, token });
  const setupIds = (response: TestResponse): string[] =>
    response.body.data.customer_engagement_setups.map((setup: { setup_id: string }) => setup.setup_id);

  beforeAll(async () => {
    t = await TestApp.create();
    const setups = t.service(EngagementSetupDefinitionRepository);
    await t.dataSource.transaction(async (m) => {
      ids.shop = await setups.insert({ setup: shopSetup }, m);
      ids.blog = await setups.insert({ setup: '[{"site": "blog.example.test"}]', state: EngagementSetupState.Inactive }, m);
      ids.old = await setups.insert({ setup: '{}' }, m);
      await setups.setState(ids.old, EngagementSetupState.Deleted, m);
    });
  });

  afterAll(() => t.close());

  describe('GET /customer-engagement-setups', () => {
    it.each<Iface>(['enterprise', 'customer'])('lists every setup with its state, without a token (%s)', async (iface) => {
      const list = await get(iface, '/customer-engagement-setups');
      expect(list.status).toBe(200);
      expect(list.body.data.total_items).toBe(3);
      expect(setupIds(list)).toEqual([...Object.values(ids)].sort());
      expect(list.body.data.customer_engagement_setups).toContainEqual({ setup_id: ids.shop, setup: shopSetup, state: 1 });
      expect(list.body.data.customer_engagement_setups).toContainEqual(expect.objectContaining({ setup_id: ids.blog, state: 2 }));
      expect(list.body.data.customer_engagement_setups).toContainEqual({ setup_id: ids.old, setup: '{}', state: 0 });
    });

    it('ignores an invalid token sent along', async () => {
      expect((await get('customer', '/customer-engagement-setups', {}, 'not-a-token')).status).toBe(200);
      expect((await get('enterprise', '/customer-engagement-setups', {}, 'not-a-token')).status).toBe(200);
    });

    it('sorts and pages, and refuses unknown sort fields', async () => {
      const byState = await get('customer', '/customer-engagement-setups', { sort_field: 'state', sort_direction: 'DESC' });
      expect(setupIds(byState)).toEqual([ids.blog, ids.shop, ids.old]);
      const page = await get('customer', '/customer-engagement-setups', { sort_field: 'state', count: '1', offset: '1' });
      expect(setupIds(page)).toEqual([ids.shop]);
      expect(page.body.data.total_items).toBe(3);
      const refused = await get('customer', '/customer-engagement-setups', { sort_field: 'name' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.error_data.invalid_params[0].name).toBe('sort_field');
    });
  });

  describe('GET /customer-engagement-setups/{customer_engagement_setup_id}', () => {
    it.each<Iface>(['enterprise', 'customer'])('answers one setup, its JSON as the operator wrote it (%s)', async (iface) => {
      const one = await get(iface, `/customer-engagement-setups/${ids.shop}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({ setup_id: ids.shop, setup: shopSetup, state: 1 });
    });

    it('answers 404 for an unknown id', async () => {
      const missing = await get('customer', '/customer-engagement-setups/0123456789abcdef0123456789abcdef');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'customer-engagement-setups' });
    });

    it('serves a change at once', async () => {
      await t.dataSource.transaction((m) =>
        t.service(EngagementSetupDefinitionRepository).update(ids.blog, { setup: '{"site": "news.example.test"}' }, m),
      );
      expect((await get('customer', `/customer-engagement-setups/${ids.blog}`)).body.data).toEqual({
        setup_id: ids.blog,
        setup: '{"site": "news.example.test"}',
        state: 1,
      });
    });
  });
});
