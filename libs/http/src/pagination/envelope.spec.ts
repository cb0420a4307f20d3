import { dataEnvelope, listEnvelope, omitNulls } from './envelope';

describe('response envelopes', () => {
  it('leave out null fields at every depth but keep falsy values', () => {
    expect(omitNulls({ a: null, b: 0, c: '', d: false, e: [{ f: null, g: 1 }], h: { i: null } })).toEqual({
      b: 0,
      c: '',
      d: false,
      e: [{ g: 1 }],
      h: {},
    });
  });

  it('keep the order of the fields left, and return a value with nothing to remove as it is', () => {
    expect(Object.keys(omitNulls({ z: 1, a: null, m: { q: null, r: 2 }, b: 3 }))).toEqual(['z', 'm', 'b']);
    const clean = { a: 1, nested: { b: [1, { c: 'x' }] } };
    expect(omitNulls(clean)).toBe(clean);
    const list = [{ a: 1 }, { b: null }];
    const cleaned = omitNulls(list);
    expect(cleaned).toEqual([{ a: 1 }, {}]);
    expect(cleaned[0]).toBe(list[0]);
    expect(list[1]).toEqual({ b: null });
  });

  it('wrap lists and records', () => {
    expect(listEnvelope('things', { items: [1, 2], total: 7 }, (n) => ({ n, none: null }))).toEqual({
      data: { things: [{ n: 1 }, { n: 2 }], total_items: 7 },
    });
    expect(dataEnvelope({ id: 'x', phone: null })).toEqual({ data: { id: 'x' } });
  });
});
