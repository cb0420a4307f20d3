import { Client } from 'pg';
import { EntityManager } from 'typeorm';
import { queryRowPage, RowPageList } from '@tessera/core';
import { PageRequest } from '@tessera/http';
import { TEST_SERVER_URL_ENV } from '../support/test-database';

interface ShelfRow {
  shelf_id: string;
  name: string;
  state: number;
}

/** `queryRowPage` against PostgreSQL: the page, its order and a total that holds on every page. */
describe('queryRowPage', () => {
  const client = new Client({ connectionString: process.env[TEST_SERVER_URL_ENV] });
  const database = {
    query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
  } as Pick<EntityManager, 'query'>;
  const shelves = (state: number | null): RowPageList<ShelfRow> => ({
    columns: 's.shelf_id, s.name, s.state',
    from: 'shelves s',
    conditions: ['($1::smallint IS NULL OR s.state = $1)'],
    params: [state],
    orderBy: ['name'],
    id: 'shelf_id',
  });
  const page = (offset: number, limit = 2, sortDirection: 'ASC' | 'DESC' = 'ASC'): PageRequest => ({ limit, offset, sortDirection });
  const ids = (items: ShelfRow[]) => items.map((item) => item.shelf_id);

  beforeAll(async () => {
    await client.connect();
    // A temporary table: the server's own database, gone with the connection.
    await client.query(`CREATE TEMPORARY TABLE shelves (shelf_id text PRIMARY KEY, name text NOT NULL, state smallint NOT NULL)`);
    await client.query(
      `INSERT INTO shelves VALUES ('e', 'Apples', 1), ('d', 'Apples', 0), ('c', 'Bread', 1), ('b', 'Cheese', 1), ('a', 'Dates', 0)`,
    );
  });
  afterAll(() => client.end());

  it('reads a page in the list order, the id breaking ties, with the total of the whole list', async () => {
    expect(await queryRowPage(database, shelves(null), page(0))).toEqual({
      items: [
        { shelf_id: 'd', name: 'Apples', state: 0 },
        { shelf_id: 'e', name: 'Apples', state: 1 },
      ],
      total: 5,
    });
    expect(ids((await queryRowPage(database, shelves(null), page(2))).items)).toEqual(['c', 'b']);
    expect(await queryRowPage(database, shelves(null), page(4))).toEqual({ items: [{ shelf_id: 'a', name: 'Dates', state: 0 }], total: 5 });
  });

  it('keeps the total on a page past the end, where the page has no rows to count', async () => {
    expect(await queryRowPage(database, shelves(null), page(5))).toEqual({ items: [], total: 5 });
    expect(await queryRowPage(database, shelves(1), page(100))).toEqual({ items: [], total: 3 });
  });

  it('counts only the rows the conditions keep, and answers an empty list with 0', async () => {
    const active = await queryRowPage(database, shelves(1), page(0, 10));
    expect(ids(active.items)).toEqual(['e', 'c', 'b']);
    expect(active.total).toBe(3);
    expect(await queryRowPage(database, shelves(2), page(0))).toEqual({ items: [], total: 0 });
  });

  it('reverses the whole order, tie-break included, when asked for descending', async () => {
    expect(ids((await queryRowPage(database, shelves(null), page(0, 3, 'DESC'))).items)).toEqual(['a', 'b', 'c']);
    expect(ids((await queryRowPage(database, shelves(null), page(3, 3, 'DESC'))).items)).toEqual(['e', 'd']);
  });

  it('orders by several columns and expressions over them', async () => {
    const byLength = { ...shelves(null), orderBy: ['length(name)', 'state'] };
    expect(ids((await queryRowPage(database, byLength, page(0, 5))).items)).toEqual(['a', 'c', 'd', 'b', 'e']);
  });
});
