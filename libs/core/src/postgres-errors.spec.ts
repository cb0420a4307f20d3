import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { foreignKeyViolation, isDatabaseUnreachable, isUniqueViolation } from './postgres-errors';

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

  describe('isDatabaseUnreachable', () => {
    const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
    const serverError = (code: string) => Object.assign(new Error('server said no'), { code, severity: 'FATAL' });

    it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])('recognises the socket error %s', (code) => {
      expect(isDatabaseUnreachable(socketError(code))).toBe(true);
    });

    it.each(['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01'])('recognises SQLSTATE %s', (code) => {
      expect(isDatabaseUnreachable(serverError(code))).toBe(true);
    });

    it.each([
      'Connection terminated',
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ])('recognises the driver message "%s"', (message) => {
      expect(isDatabaseUnreachable(new Error(message))).toBe(true);
    });

    it("looks inside TypeORM's QueryFailedError, a cause and an AggregateError", () => {
      expect(isDatabaseUnreachable(new QueryFailedError('SELECT 1', [], serverError('57P01')))).toBe(true);
      expect(isDatabaseUnreachable(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
      expect(isDatabaseUnreachable(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    });

    it('recognises the statement after a connection lost mid-transaction, on the query runner TypeORM released', () => {
      expect(isDatabaseUnreachable(new QueryRunnerAlreadyReleasedError())).toBe(true);
      expect(isDatabaseUnreachable(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
    });

    it('leaves errors of the statement or of the code alone', () => {
      expect(isDatabaseUnreachable(new QueryFailedError('INSERT', [], serverError('23505')))).toBe(false);
      expect(isDatabaseUnreachable(serverError('57014'))).toBe(false);
      expect(isDatabaseUnreachable(serverError('22P02'))).toBe(false);
      expect(isDatabaseUnreachable(new Error('Connection to the webhook target terminated'))).toBe(false);
      expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false);
      expect(isDatabaseUnreachable(undefined)).toBe(false);
      expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    });
  });
});
