import { rowPageStatement, toRowPage } from './row-page-statement';

const select = { from: 'cards c', conditions: ['c.state = $1'], columns: 'c.card_id, c.card_number, c.created_at' };
const columns = { card_id: 'card_id', card_number: 'card_number' };
const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('rowPageStatement', () => {
  it('orders by the requested column then the id, in the requested direction, at both levels', () => {
    const { sql, params } = rowPageStatement(
      select,
      [1],
      { limit: 10, offset: 20, sortField: 'card_number', sortDirection: 'DESC' },
      columns,
      'card_id',
    );
    expect(squeeze(sql)).toBe(
      'SELECT page.*, total.* FROM (SELECT count(*)::int AS total_items FROM cards c WHERE c.state = $1) total ' +
        'LEFT JOIN LATERAL ( SELECT c.card_id, c.card_number, c.created_at FROM cards c WHERE c.state = $1 ' +
        'ORDER BY card_number DESC, card_id DESC LIMIT $2 OFFSET $3 ) page ON true ORDER BY card_number DESC, card_id DESC',
    );
    expect(params).toEqual([1, 10, 20]);
  });

  it('falls back to the default order, and orders by the id alone when it is the sort column', () => {
    const page = { limit: 5, offset: 0, sortDirection: 'ASC' as const };
    expect(squeeze(rowPageStatement(select, [1], page, columns, 'card_id', 'created_at').sql)).toContain(
      'ORDER BY created_at ASC, card_id ASC LIMIT',
    );
    expect(squeeze(rowPageStatement(select, [1], { ...page, sortField: 'card_id' }, columns, 'card_id').sql)).toContain(
      'ORDER BY card_id ASC LIMIT',
    );
  });

  it('orders by every default column, then the id, each in the requested direction', () => {
    const page = { limit: 5, offset: 0, sortDirection: 'DESC' as const };
    expect(squeeze(rowPageStatement(select, [1], page, columns, 'card_id', ['length(card_number)', 'created_at']).sql)).toContain(
      'ORDER BY length(card_number) DESC, created_at DESC, card_id DESC LIMIT',
    );
  });

  it('answers the facts of the whole list beside the total', () => {
    const { sql } = rowPageStatement(
      { ...select, listColumns: 'EXISTS (SELECT 1 FROM customers WHERE customer_id = $2) AS customer_exists' },
      [1, 'c1'],
      { limit: 5, offset: 0, sortDirection: 'ASC' },
      columns,
      'card_id',
    );
    expect(squeeze(sql)).toContain(
      'FROM (SELECT count(*)::int AS total_items, EXISTS (SELECT 1 FROM customers WHERE customer_id = $2) AS customer_exists FROM cards c',
    );
  });

  it('reads every row without conditions', () => {
    expect(
      rowPageStatement({ ...select, conditions: [] }, [], { limit: 5, offset: 0, sortDirection: 'ASC' }, columns, 'card_id').sql,
    ).toContain('FROM cards c WHERE true');
  });
});

describe('toRowPage', () => {
  it('splits the total off the rows', () => {
    const rows = [
      { card_id: 'a', card_number: '1', total_items: 7 },
      { card_id: 'b', card_number: '2', total_items: 7 },
    ];
    expect(toRowPage(rows, 'card_id')).toEqual({
      items: [
        { card_id: 'a', card_number: '1' },
        { card_id: 'b', card_number: '2' },
      ],
      total: 7,
    });
  });

  it('keeps the total of a page past the end, which is one row of nulls', () => {
    expect(toRowPage([{ card_id: null, card_number: null, total_items: 3 }], 'card_id')).toEqual({ items: [], total: 3 });
  });
});
