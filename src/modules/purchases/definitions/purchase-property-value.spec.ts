import { validatePurchasePropertyValue } from './purchase-property-value';

describe('validatePurchasePropertyValue', () => {
  it('reads a timestamp in the project time zone and writes it back in the API form', () => {
    expect(validatePurchasePropertyValue('timestamp', '2025-03-01T10:15:00Z', [], 'Europe/Prague')).toEqual({
      ok: true,
      value: '2025-03-01 11:15:00',
    });
    expect(validatePurchasePropertyValue('timestamp', '2025-03-01 10:15:00', [], 'UTC')).toEqual({
      ok: true,
      value: '2025-03-01 10:15:00',
    });
  });

  it.each([['2025-02-30 10:00:00'], ['soon'], [1740823200]])('refuses the timestamp %j', (raw) => {
    expect(validatePurchasePropertyValue('timestamp', raw, [], 'UTC')).toMatchObject({ ok: false });
  });

  it('leaves the other data types to the shared check', () => {
    expect(validatePurchasePropertyValue('enum', 'red', ['red'], 'UTC')).toEqual({ ok: true, value: 'red' });
    expect(validatePurchasePropertyValue('integer', 'x', [], 'UTC')).toMatchObject({ ok: false });
  });
});
