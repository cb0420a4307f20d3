import type { DataProvider, RaRecord } from 'react-admin';
import { operatorRequest } from './operator-client';
import { bodyFields } from './operator-schema';

/** How a resource's records are named in the operator API's answers. */
export interface ResourceShape {
  /** The record's id field (`reward_id`); react-admin's `id` is a copy of it. */
  idField: string;
  /** A search rather than a list (customers): `q` and `limit`, no total, nothing without `q`. */
  searchOnly?: boolean;
  /** The create answers the record inside this field, beside a value shown once (`{user, password}`). */
  createdRecordIn?: string;
}

type Record_ = Record<string, unknown>;

const VIEW_ONLY = ['id', 'state', 'last_change', 'created_at', 'updated_at'];

/**
 * A data provider over the operator API: lists page, sort and search on the server (`count`, `offset`,
 * `sort_field`, `sort_direction`, `q`, `state` and any other filter the list takes), writes go to the
 * definition lifecycle's own paths, and "delete" deactivates (definitions are never deleted).
 */
export function operatorDataProvider(shapeOf: (resource: string) => ResourceShape): DataProvider {
  // A composite answer (a customer's picture) has no id field of its own: it keeps the id it was asked for.
  const withId = (resource: string, record: Record_, asked?: unknown): RaRecord => ({
    ...record,
    id: (record[shapeOf(resource).idField] ?? asked ?? Object.entries(record).find(([key]) => key.endsWith('_id'))?.[1]) as string,
  });

  async function writableBody(method: 'post' | 'put', resource: string, data: Record_): Promise<Record_> {
    const fields = await bodyFields(method, resource);
    const idField = shapeOf(resource).idField;
    return Object.fromEntries(
      Object.entries(data).filter(([field]) => (fields ? fields.includes(field) : field !== idField && !VIEW_ONLY.includes(field))),
    );
  }

  const getOne = async (resource: string, id: unknown): Promise<RaRecord> => {
    const answer = await operatorRequest<{ data: Record_ }>('GET', `/${resource}/${encodeURIComponent(String(id))}`);
    return withId(resource, answer.data, id);
  };

  const provider: DataProvider = {
    async getList(resource, params) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const filter = (params.filter ?? {}) as Record<string, string | number | undefined>;
      if (shapeOf(resource).searchOnly) {
        if (!filter.q) return { data: [], total: 0 };
        const found = await operatorRequest<{ data: Record<string, unknown> }>('GET', `/${resource}`, {
          query: { q: filter.q, limit: perPage },
        });
        const items = (Object.values(found.data).find(Array.isArray) ?? []) as Record_[];
        return { data: items.map((item) => withId(resource, item)), total: items.length } as never;
      }
      const sortField = params.sort?.field && params.sort.field !== 'id' ? params.sort.field : undefined;
      const answer = await operatorRequest<{ data: Record<string, unknown> }>('GET', `/${resource}`, {
        query: {
          ...filter,
          count: perPage,
          offset: (page - 1) * perPage,
          sort_field: sortField,
          sort_direction: sortField ? params.sort?.order : undefined,
        },
      });
      const items = (Object.values(answer.data).find(Array.isArray) ?? []) as Record_[];
      const total = typeof answer.data.total_items === 'number' ? answer.data.total_items : items.length;
      return { data: items.map((item) => withId(resource, item)), total } as never;
    },
    async getOne(resource, params) {
      return { data: await getOne(resource, params.id) } as never;
    },
    async getMany(resource, params) {
      // A reference may hold another key the API answers to (a channel's code): the record keeps the key it was asked by.
      return { data: await Promise.all(params.ids.map(async (id) => ({ ...(await getOne(resource, id)), id }))) } as never;
    },
    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create(resource, params) {
      const answer = await operatorRequest<{ data: Record_ }>('POST', `/${resource}`, {
        body: await writableBody('post', resource, params.data),
      });
      const wrapper = shapeOf(resource).createdRecordIn;
      if (wrapper) {
        const { [wrapper]: record, ...beside } = answer.data;
        return { data: withId(resource, { ...(record as Record_), ...beside }) } as never;
      }
      return { data: withId(resource, answer.data) } as never;
    },
    async update(resource, params) {
      const body = await writableBody('put', resource, params.data as Record_);
      const answer = await operatorRequest<{ data: Record_ }>('PUT', `/${resource}/${encodeURIComponent(String(params.id))}`, { body });
      return { data: withId(resource, answer.data) } as never;
    },
    async updateMany() {
      throw new Error('console.errors.not_supported');
    },
    async delete(resource, params) {
      const answer = await operatorRequest<{ data: Record_ }>(
        'POST',
        `/${resource}/${encodeURIComponent(String(params.id))}/actions/deactivate`,
      );
      return { data: withId(resource, answer.data) } as never;
    },
    async deleteMany(resource, params) {
      for (const id of params.ids) await operatorRequest('POST', `/${resource}/${encodeURIComponent(String(id))}/actions/deactivate`);
      return { data: params.ids } as never;
    },
  };
  return provider;
}
