import { formatRows, jsonKey, textTable } from './text-table';

describe('textTable', () => {
  const header = ['ID', 'STATE', 'NAME'];
  const rows = [
    ['a1', 'active', 'A rather long name that does not fit'],
    ['b2', 'removed', 'Short'],
  ];

  it('aligns the columns two spaces apart, the last one ragged', () => {
    expect(textTable(header, rows)).toBe('ID  STATE    NAME\na1  active   A rather long name that does not fit\nb2  removed  Short\n');
  });

  it('shrinks the widest column to the width, ending its long cells in an ellipsis', () => {
    const lines = textTable(header, rows, 30).trimEnd().split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBe(30);
    expect(lines[1]).toBe('a1  active   A rather long na…');
    expect(lines[2]).toBe('b2  removed  Short');
  });

  it('keeps every column readable however narrow the terminal', () => {
    expect(textTable(header, rows, 5).split('\n')[1]).toBe('a1  act…  A r…');
  });
});

describe('--json rows', () => {
  it('keys each row by its columns in snake_case', () => {
    expect(jsonKey('DELIVERED / NEXT ATTEMPT')).toBe('delivered_next_attempt');
    expect(formatRows(['TEXT ID', 'NAME'], [['gold', 'Gold']], true)).toBe('[{"text_id":"gold","name":"Gold"}]\n');
  });
});
