import { groupsInCycles } from './product-group-tree';

describe('groupsInCycles', () => {
  it('finds nothing in a tree', () => {
    const parentOf = new Map<string, string | null>([
      ['root', null],
      ['a', 'root'],
      ['b', 'a'],
    ]);
    expect(groupsInCycles(parentOf, ['a', 'b'])).toEqual(new Set());
  });

  it('finds a group made its own parent', () => {
    expect(groupsInCycles(new Map([['a', 'a']]), ['a'])).toEqual(new Set(['a']));
  });

  it('finds every member of a longer cycle but not the groups hanging below it', () => {
    const parentOf = new Map<string, string | null>([
      ['a', 'c'],
      ['b', 'a'],
      ['c', 'b'],
      ['leaf', 'a'],
    ]);
    expect(groupsInCycles(parentOf, ['a', 'leaf', 'b'])).toEqual(new Set(['a', 'b']));
  });

  it('treats an unknown parent as the end of the chain', () => {
    expect(groupsInCycles(new Map([['a', 'missing']]), ['a'])).toEqual(new Set());
  });
});
