import { pageInMemory, RankedRows } from './page-in-memory';

interface Row {
  id: string;
  name: string | null;
}

describe('pageInMemory', () => {
  const a: Row = { id: 'a', name: 'Zeta' };
  const b: Row = { id: 'b', name: 'alpha' };
  const c: Row = { id: 'c', name: null };
  const d: Row = { id: 'd', name: 'Zeta' };
  // As PostgreSQL ranks ORDER BY name, id in a case-sensitive collation: nulls last.
  const ranked: RankedRows<Row, 'name'> = {
    rows: [a, b, c, d],
    places: {
      name: new Map([
        [a, 0],
        [d, 1],
        [b, 2],
        [c, 3],
      ]),
    },
  };
  const all = () => true;

  it('orders by id without a sort field, and pages', () => {
    expect(pageInMemory(ranked, all, { limit: 2, offset: 1, sortDirection: 'ASC' })).toEqual({ items: [b, c], total: 4 });
  });

  it('orders by the database ranks, ties by id, and reverses all of it when descending', () => {
    expect(pageInMemory(ranked, all, { limit: 10, offset: 0, sortField: 'name', sortDirection: 'ASC' }).items).toEqual([a, d, b, c]);
    expect(pageInMemory(ranked, all, { limit: 10, offset: 0, sortField: 'name', sortDirection: 'DESC' }).items).toEqual([c, b, d, a]);
  });

  it('counts only matching rows and answers an empty page past the end', () => {
    expect(pageInMemory(ranked, (row) => row.name === 'Zeta', { limit: 10, offset: 5, sortDirection: 'ASC' })).toEqual({
      items: [],
      total: 2,
    });
  });

  it('uses the default order when no field is asked for', () => {
    expect(pageInMemory(ranked, all, { limit: 10, offset: 0, sortDirection: 'ASC' }, 'name').items).toEqual([a, d, b, c]);
  });
});
