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

  it('wrap lists and records', () => {
    expect(listEnvelope('things', { items: [1, 2], total: 7 }, (n) => ({ n, none: null }))).toEqual({
      data: { things: [{ n: 1 }, { n: 2 }], total_items: 7 },
    });
    expect(dataEnvelope({ id: 'x', phone: null })).toEqual({ data: { id: 'x' } });
  });
});
