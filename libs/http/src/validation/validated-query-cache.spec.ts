import { ValidatedQueryCache } from './validated-query-cache';

class ListQuery {
  count?: number;
  ids?: string[];
}

describe('ValidatedQueryCache', () => {
  const validator = () => {
    let runs = 0;
    const validate = (raw: { count?: string; ids?: string[] }) => async () => {
      runs += 1;
      return Object.assign(new ListQuery(), { count: Number(raw.count), ids: raw.ids && [...raw.ids] });
    };
    return { validate, runs: () => runs };
  };

  it('validates a query once and gives every request its own copy of the DTO', async () => {
    const cache = new ValidatedQueryCache();
    const { validate, runs } = validator();
    const raw = { count: '5', ids: ['a', 'b'] };
    const first = (await cache.validated(ListQuery, raw, validate(raw))) as ListQuery;
    (first.ids as string[]).push('changed by a handler');
    first.count = 99;
    const second = (await cache.validated(ListQuery, { count: '5', ids: ['a', 'b'] }, validate(raw))) as ListQuery;
    expect(second).toBeInstanceOf(ListQuery);
    expect(second).toEqual({ count: 5, ids: ['a', 'b'] });
    expect(second).not.toBe(first);
    expect(runs()).toBe(1);
  });

  it('validates again another query, another class, and a query that was refused', async () => {
    const cache = new ValidatedQueryCache();
    const { validate, runs } = validator();
    await cache.validated(ListQuery, { count: '5' }, validate({ count: '5' }));
    await cache.validated(ListQuery, { count: '6' }, validate({ count: '6' }));
    await cache.validated(class Other {}, { count: '5' }, validate({ count: '5' }));
    const refuse = async () => Promise.reject(new Error('invalid'));
    await expect(cache.validated(ListQuery, { count: 'x' }, refuse)).rejects.toThrow('invalid');
    await expect(cache.validated(ListQuery, { count: 'x' }, refuse)).rejects.toThrow('invalid');
    expect(runs()).toBe(3);
  });
});
