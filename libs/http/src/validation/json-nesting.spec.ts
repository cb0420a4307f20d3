import { exceedsJsonNesting } from './json-nesting';

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('exceedsJsonNesting', () => {
  it('counts objects and arrays inside one another', () => {
    expect(exceedsJsonNesting('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(exceedsJsonNesting('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(exceedsJsonNesting(nested(32), 32)).toBe(false);
    expect(exceedsJsonNesting(nested(33), 32)).toBe(true);
  });

  it('counts siblings once', () => {
    expect(exceedsJsonNesting(`[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonNesting(JSON.stringify({ text: '[[[[{{{{', quoted: 'say "[[[[" \\ [[[[' }), 1)).toBe(false);
    expect(exceedsJsonNesting(JSON.stringify({ a: '\\', b: [[]] }), 2)).toBe(true);
  });

  it('reads a document thousands of levels deep without recursion', () => {
    expect(exceedsJsonNesting(nested(1_000_000), 32)).toBe(true);
    expect(exceedsJsonNesting('1', 0)).toBe(false);
  });
});
