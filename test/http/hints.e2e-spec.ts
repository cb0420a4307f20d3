import { DefinitionLifecycle, cliAuditActor } from '../../src/modules/audit';
import { HintAssignmentService, HintDefinitionDto, HintDefinitionRepository, HintState } from '../../src/modules/hints';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('Hints (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  const ids: Record<'tips' | 'tea' | 'draft' | 'gone', string> = { tips: '', tea: '', draft: '', gone: '' };

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> => t.enterprise('GET', path, { token, query });
  const asJane = (path: string, query?: Record<string, string>): Promise<TestResponse> =>
    t.customer('GET', path, { token: janeDevice, query });
  const hintIds = (response: TestResponse): string[] =>
    response.body.data.recommendations.map((hint: { recommendation_id: string }) => hint.recommendation_id);
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    const lifecycle = t.service(DefinitionLifecycle);
    // The lifecycle reads the store's id synchronously: the store itself, not the waiting proxy.
    const store = t.app.get(HintDefinitionRepository, { strict: false });
    const assignments = t.service(HintAssignmentService);
    const actor = cliAuditActor('test');
    const create = async (definition: HintDefinitionDto) => (await lifecycle.create(actor, store, definition)).recommendation_id;
    ids.tips = await create({
      name: 'Coffee tips',
      brief_description: 'Brew better coffee',
      detailed_description: 'Grind fresh, weigh the beans',
      content: '<h4>Grind</h4><p>Just before brewing.</p>',
      picture_urls: ['https://img.example.test/coffee-1.png', 'https://img.example.test/coffee-2.png'],
      web_url: 'https://example.test/coffee',
    });
    ids.tea = await create({ name: 'Green tea guide' });
    ids.draft = await create({ name: 'Coffee draft', state: HintState.Inactive });
    ids.gone = await create({ name: 'Old coffee' });
    // Jane was given the removed hint first, then the active one, then the inactive one.
    await assignments.assign(actor, ids.gone, [jane.customerId]);
    await assignments.assign(actor, ids.tips, [jane.customerId, max.customerId]);
    await assignments.assign(actor, ids.draft, [jane.customerId]);
    await lifecycle.setState(actor, store, ids.gone, 0);
    const changed = {
      tips: '2025-03-01 10:00:00+00',
      tea: '2025-01-01 10:00:00+00',
      draft: '2025-02-01 10:00:00+00',
      gone: '2025-04-01 10:00:00+00',
    };
    for (const [key, at] of Object.entries(changed)) {
      await t.dataSource.query(`UPDATE hints SET last_change = $2 WHERE hint_id = $1`, [ids[key as keyof typeof ids], at]);
    }
    const assignedAt = { gone: '2025-05-01 08:00:00+00', tips: '2025-05-02 08:00:00+00', draft: '2025-05-03 08:00:00+00' };
    for (const [key, at] of Object.entries(assignedAt)) {
      await t.dataSource.query(`UPDATE customer_hint_records SET created_at = $2 WHERE hint_id = $1`, [ids[key as keyof typeof ids], at]);
    }
  });

  afterAll(() => t.close());

  describe('GET /recommendations', () => {
    it('lists every hint on the Enterprise interface, in the Recommendation shape', async () => {
      const list = await ent('/recommendations', { sort_field: 'name' });
      expect(list.status).toBe(200);
      expect(hintIds(list)).toEqual([ids.draft, ids.tips, ids.tea, ids.gone]);
      expect(list.body.data.total_items).toBe(4);
      expect(list.body.data.recommendations[1]).toEqual({
        recommendation_id: ids.tips,
        name: 'Coffee tips',
        brief_description: 'Brew better coffee',
        detailed_description: 'Grind fresh, weigh the beans',
        content: '<h4>Grind</h4><p>Just before brewing.</p>',
        picture_urls: ['https://img.example.test/coffee-1.png', 'https://img.example.test/coffee-2.png'],
        web_url: 'https://example.test/coffee',
        last_change: '2025-03-01 10:00:00',
        state: 1,
      });
      expect(list.body.data.recommendations[2]).toEqual({
        recommendation_id: ids.tea,
        name: 'Green tea guide',
        picture_urls: [],
        last_change: '2025-01-01 10:00:00',
        state: 1,
      });
      expect(list.body.data.recommendations.map((hint: { state: number }) => hint.state)).toEqual([2, 1, 1, 0]);
    });

    it('lists only active hints on the Customer interface, with or without a logged-in customer', async () => {
      expect(hintIds(await asJane('/recommendations', { sort_field: 'name' }))).toEqual([ids.tips, ids.tea]);
      const anonymous = await t.customer('GET', '/recommendations', { token: await t.deviceToken(), query: { sort_field: 'name' } });
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.data.total_items).toBe(2);
    });

    it('sorts by each sort field in both directions and pages', async () => {
      expect(hintIds(await ent('/recommendations', { sort_field: 'last_change', sort_direction: 'DESC' }))).toEqual([
        ids.gone,
        ids.tips,
        ids.draft,
        ids.tea,
      ]);
      expect(hintIds(await ent('/recommendations', { sort_field: 'state' }))[0]).toBe(ids.gone);
      const byId = hintIds(await ent('/recommendations', { sort_field: 'recommendation_id', sort_direction: 'DESC' }));
      expect(byId).toEqual(Object.values(ids).sort().reverse());
      expect(hintIds(await ent('/recommendations'))).toEqual(Object.values(ids).sort());
      const page = await ent('/recommendations', { sort_field: 'name', count: '2', offset: '1' });
      expect(page.body.data).toMatchObject({ total_items: 4 });
      expect(hintIds(page)).toEqual([ids.tips, ids.tea]);
    });

    it('filters by part of the name without regard to letter case', async () => {
      expect(hintIds(await ent('/recommendations', { name: 'COFFEE', sort_field: 'name' }))).toEqual([ids.draft, ids.tips, ids.gone]);
      expect(hintIds(await asJane('/recommendations', { name: 'coffee' }))).toEqual([ids.tips]);
      expect((await ent('/recommendations', { name: '%' })).body.data).toEqual({ recommendations: [], total_items: 0 });
    });

    it('refuses a sort field it does not know and a count below 1', async () => {
      const badSort = await ent('/recommendations', { sort_field: 'content' });
      expect(badSort.status).toBe(400);
      expect(invalidParams(badSort)).toEqual([expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' })]);
      expect((await ent('/recommendations', { count: '0' })).status).toBe(400);
      expect((await ent('/recommendations', { sort_direction: 'UP' })).status).toBe(400);
    });
  });

  describe('GET /recommendations/{recommendation_id}', () => {
    it('reads a hint of any state on the Enterprise interface', async () => {
      const one = await ent(`/recommendations/${ids.tips}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ recommendation_id: ids.tips, name: 'Coffee tips', state: 1 });
      expect((await ent(`/recommendations/${ids.draft}`)).body.data).toMatchObject({ state: 2 });
      expect((await ent(`/recommendations/${ids.gone}`)).body.data).toMatchObject({ state: 0 });
    });

    it('answers 404 for an unknown hint, and on the Customer interface for one that is not active', async () => {
      const missing = await ent('/recommendations/0123456789abcdef0123456789abcdef');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'recommendations' });
      expect((await asJane(`/recommendations/${ids.tips}`)).body.data).toMatchObject({ recommendation_id: ids.tips });
      for (const hidden of [ids.draft, ids.gone]) {
        const answer = await asJane(`/recommendations/${hidden}`);
        expect(answer.status).toBe(404);
        // As absent as an unknown id: the same error, naming only the id asked for.
        expect(answer.body.error).toMatchObject({ type: missing.body.error.type, title: missing.body.error.title });
        expect(answer.body.error.error_data).toMatchObject({ resource_name: 'recommendations' });
      }
    });
  });

  describe('GET /customers/{customer_id}/recommendation-records', () => {
    it("lists a customer's hints of any state on the Enterprise interface, in the order they were assigned", async () => {
      const records = await ent(`/customers/${jane.customerId}/recommendation-records`);
      expect(records.status).toBe(200);
      expect(hintIds(records)).toEqual([ids.gone, ids.tips, ids.draft]);
      expect(records.body.data.total_items).toBe(3);
      expect(records.body.data.recommendations[1]).toMatchObject({ recommendation_id: ids.tips, web_url: 'https://example.test/coffee' });
      expect(hintIds(await ent(`/customers/${max.customerId}/recommendation-records`))).toEqual([ids.tips]);
    });

    it('sorts, pages and filters by name', async () => {
      const path = `/customers/${jane.customerId}/recommendation-records`;
      expect(hintIds(await ent(path, { sort_field: 'name', sort_direction: 'DESC' }))).toEqual([ids.gone, ids.tips, ids.draft]);
      expect(hintIds(await ent(path, { sort_field: 'last_change' }))).toEqual([ids.draft, ids.tips, ids.gone]);
      const page = await ent(path, { count: '1', offset: '2' });
      expect(page.body.data).toMatchObject({ total_items: 3 });
      expect(hintIds(page)).toEqual([ids.draft]);
      expect(hintIds(await ent(path, { name: 'DRAFT' }))).toEqual([ids.draft]);
      expect((await ent(path, { name: 'tea' })).body.data).toEqual({ recommendations: [], total_items: 0 });
      expect(invalidParams(await ent(path, { sort_field: 'created_at' }))).toEqual([
        expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' }),
      ]);
    });

    it('answers an empty list for a customer without hints', async () => {
      const lonely = await t.createCustomer();
      expect((await ent(`/customers/${lonely.customerId}/recommendation-records`)).body.data).toEqual({
        recommendations: [],
        total_items: 0,
      });
    });

    it('answers 404 for an unknown customer', async () => {
      const missing = await ent('/customers/0123456789abcdef0123456789abcdef/recommendation-records');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'customers' });
    });

    it("shows the logged-in customer only their own active hints on the Customer interface, never another customer's", async () => {
      const own = await asJane(`/customers/${jane.customerId}/recommendation-records`);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual({ recommendations: [expect.objectContaining({ recommendation_id: ids.tips })], total_items: 1 });
      const other = await asJane(`/customers/${max.customerId}/recommendation-records`);
      expect(other.status).toBe(400);
      expect(invalidParams(other)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' })]);
      const anonymous = await t.customer('GET', `/customers/${jane.customerId}/recommendation-records`, { token: await t.deviceToken() });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });
  });
});
