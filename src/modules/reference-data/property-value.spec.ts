import { PropertyDataType, validatePropertyValue } from './property-value';

const ITEMS = ['red', 'blue'];

describe('validatePropertyValue', () => {
  const accepted: [PropertyDataType, unknown, unknown][] = [
    ['string', 'hello', 'hello'],
    ['string', '', ''],
    ['date', '2024-02-29', '2024-02-29'],
    ['integer', 42, 42],
    ['integer', '-7', -7],
    ['float', 1.5, 1.5],
    ['float', '2.25', 2.25],
    ['float', 3, 3],
    ['boolean', true, true],
    ['boolean', 'false', false],
    ['boolean', 1, true],
    ['enum', 'red', 'red'],
    ['enum', [{ id: 'blue', name: 'Blue' }], 'blue'],
    ['enum', ['red'], 'red'],
    ['multiselect', ['red', { id: 'blue' }], ['red', 'blue']],
    ['multiselect', ['red', 'red'], ['red']],
    ['multiselect', [], []],
  ];

  it.each(accepted)('accepts %s %j', (type, raw, expected) => {
    expect(validatePropertyValue(type, raw, ITEMS)).toEqual({ ok: true, value: expected });
  });

  const refused: [PropertyDataType, unknown][] = [
    ['string', 5],
    ['string', null],
    ['date', '2023-02-29'],
    ['date', '2024-1-05'],
    ['date', 20240105],
    ['integer', 1.5],
    ['integer', '1e3'],
    ['integer', true],
    ['float', 'abc'],
    ['float', Number.NaN],
    ['boolean', 'yes'],
    ['boolean', 2],
    ['enum', 'green'],
    ['enum', ['red', 'blue']],
    ['enum', []],
    ['enum', [{ name: 'Red' }]],
    ['multiselect', 'red'],
    ['multiselect', ['red', 'green']],
  ];

  it.each(refused)('refuses %s %j', (type, raw) => {
    expect(validatePropertyValue(type, raw, ITEMS).ok).toBe(false);
  });
});
