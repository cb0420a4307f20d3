import { CommonException } from '../errors/common.exceptions';
import { freeFormJson } from './free-form';

describe('freeFormJson', () => {
  it.each([
    ['a string', 'note', '"note"'],
    ['a list of strings', ['a', 'b'], '["a","b"]'],
    ['an object', { a: [1, { b: null }] }, '{"a":[1,{"b":null}]}'],
    ['nothing', undefined, null],
    ['null', null, null],
  ])('keeps %s as sent', (_shape, value, stored) => {
    expect(freeFormJson(value, 'x.data')).toBe(stored);
  });

  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['a list with a non-string', ['a', 1]],
  ])('refuses %s under the field named', (_shape, value) => {
    expect(() => freeFormJson(value, 'x.data')).toThrow(CommonException);
    try {
      freeFormJson(value, 'x.data');
    } catch (error) {
      expect((error as CommonException).details.data?.params).toEqual([
        expect.objectContaining({ name: 'x.data', reason: 'invalid_value_format' }),
      ]);
    }
  });
});
