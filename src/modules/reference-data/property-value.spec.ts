import { PropertyDataType, validatePropertyValue, validateTimedPropertyValue } from './property-value';

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

describe('validateTimedPropertyValue', () => {
  it('reads a timestamp in the project time zone and writes it back in the API form', () => {
    expect(validateTimedPropertyValue('timestamp', '2025-03-01T10:15:00Z', [], 'Europe/Prague')).toEqual({
      ok: true,
      value: '2025-03-01 11:15:00',
    });
    expect(validateTimedPropertyValue('timestamp', '2025-03-01 10:15:00', [], 'UTC')).toEqual({
      ok: true,
      value: '2025-03-01 10:15:00',
    });
  });

  it.each([['2025-02-30 10:00:00'], ['soon'], [1740823200]])('refuses the timestamp %j', (raw) => {
    expect(validateTimedPropertyValue('timestamp', raw, [], 'UTC')).toMatchObject({ ok: false });
  });

  it('leaves the other data types to the shared check', () => {
    expect(validateTimedPropertyValue('enum', 'red', ['red'], 'UTC')).toEqual({ ok: true, value: 'red' });
    expect(validateTimedPropertyValue('integer', 'x', [], 'UTC')).toMatchObject({ ok: false });
  });

  it('refuses a data type it does not know', () => {
    expect(validateTimedPropertyValue('colour', 'red', [], 'UTC')).toMatchObject({ ok: false });
  });
});
