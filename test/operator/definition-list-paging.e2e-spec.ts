import { TestApp } from '../support/test-app';

/** Operator lists page with a total that holds on every page, past the end included. */
describe('Operator API: paging definition lists', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    for (const text_id of ['paging-a', 'paging-b', 'paging-c']) {
      expect((await t.operator('POST', '/tags', { token, body: { text_id, names: { en: text_id } } })).status).toBe(201);
    }
    for (const text_id of ['paging_status_a', 'paging_status_b', 'paging_status_c']) {
      const body = { text_id, names: { en: text_id }, phase: 'pending' };
      expect((await t.operator('POST', '/booking-statuses', { token, body })).status).toBe(201);
    }
  });
  afterAll(() => t.close());

  /** The list's total and ids read one record a page, then a page past the end. */
  async function pages(path: string, key: string, idField: string, query: Record<string, string> = {}) {
    const first = await t.operator('GET', path, { token, query: { ...query, count: '1' } });
    expect(first.status).toBe(200);
    const total = first.body.data.total_items as number;
    const ids: string[] = [];
    for (let offset = 0; offset < total; offset += 1) {
      const page = await t.operator('GET', path, { token, query: { ...query, count: '1', offset: String(offset) } });
      expect(page.body.data.total_items).toBe(total);
      ids.push(...page.body.data[key].map((record: Record<string, string>) => record[idField]));
    }
    const past = await t.operator('GET', path, { token, query: { ...query, count: '2', offset: String(total + 3) } });
    return { total, ids, past: { status: past.status, data: past.body.data } };
  }

  it('answers a page past the end of the tags with no tags and the whole total', async () => {
    const tags = await pages('/tags', 'tags', 'text_id', { q: 'paging-' });
    expect(tags.total).toBe(3);
    expect(tags.ids).toEqual(['paging-a', 'paging-b', 'paging-c']);
    expect(tags.past).toEqual({ status: 200, data: { tags: [], total_items: 3 } });
  });

  it('answers a page past the end of the stores with no stores and the whole total', async () => {
    const stores = await pages('/stores', 'stores', 'store_id');
    expect(stores.total).toBeGreaterThan(0);
    expect(new Set(stores.ids).size).toBe(stores.total);
    expect(stores.past).toEqual({ status: 200, data: { stores: [], total_items: stores.total } });
  });

  it('answers a page past the end of the booking statuses with no statuses and the whole total, in either direction', async () => {
    const statuses = await pages('/booking-statuses', 'booking_statuses', 'text_id', { q: 'paging_status_' });
    expect(statuses.total).toBe(3);
    expect(statuses.ids).toEqual(['paging_status_a', 'paging_status_b', 'paging_status_c']);
    expect(statuses.past).toEqual({ status: 200, data: { booking_statuses: [], total_items: 3 } });
    const descending = await pages('/booking-statuses', 'booking_statuses', 'text_id', { q: 'paging_status_', sort_direction: 'DESC' });
    expect(descending.ids).toEqual(['paging_status_c', 'paging_status_b', 'paging_status_a']);
    expect(descending.past).toEqual({ status: 200, data: { booking_statuses: [], total_items: 3 } });
  });
});
