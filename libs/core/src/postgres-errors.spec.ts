import { foreignKeyViolation, isUniqueViolation } from './postgres-errors';

describe('PostgreSQL errors', () => {
  it('reads the constraint and missing value of a foreign-key violation', () => {
    expect(
      foreignKeyViolation({
        code: '23503',
        constraint: 'products_partner_fkey',
        detail: 'Key (partner_id)=(abc) is not present in table "partners".',
      }),
    ).toEqual({ constraint: 'products_partner_fkey', value: 'abc' });
    expect(foreignKeyViolation({ code: '23505', constraint: 'x', detail: 'dup' })).toBeNull();
    expect(foreignKeyViolation(new Error('other'))).toBeNull();
  });

  it('recognises a unique violation, of any constraint or of a named one', () => {
    const error = { driverError: { code: '23505', constraint: 'customers_live_email_key' } };
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'customers_live_email_key')).toBe(true);
    expect(isUniqueViolation(error, 'other_key')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
