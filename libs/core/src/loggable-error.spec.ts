import { QueryFailedError } from 'typeorm';
import { loggableError } from './loggable-error';

/** A PostgreSQL driver error as `pg` raises it for a check violation. */
function checkViolation(): Error {
  return Object.assign(new Error('new row for relation "customers" violates check constraint "customers_check"'), {
    severity: 'ERROR',
    code: '23514',
    detail: 'Failing row contains (abc, jana@example.test, 420777123456, Jana, scrypt$16384$8$1$salt$hash).',
    table: 'customers',
    constraint: 'customers_check',
    schema: 'public',
  });
}

describe('loggableError', () => {
  it('keeps a failed query to its SQLSTATE and object names, without query text, parameters or detail', () => {
    const error = new QueryFailedError(
      'INSERT INTO customers (email, phone) VALUES ($1, $2)',
      ['jana@example.test', '420777123456'],
      checkViolation(),
    );
    const logged = loggableError(error);
    expect(logged).toMatchObject({
      type: 'QueryFailedError',
      code: '23514',
      table: 'customers',
      constraint: 'customers_check',
      schema: 'public',
    });
    expect(logged.message).toContain('23514');
    expect(logged).not.toHaveProperty('stack');
    const text = JSON.stringify(logged);
    for (const secret of ['jana@example.test', '420777123456', 'Jana', 'scrypt$', 'INSERT INTO', 'VALUES'])
      expect(text).not.toContain(secret);
  });

  it('treats a bare driver error like a failed query', () => {
    const text = JSON.stringify(loggableError(checkViolation()));
    expect(text).toContain('customers_check');
    expect(text).not.toContain('jana@example.test');
  });

  it('keeps the message of an error raised by code, and describes its cause the same way', () => {
    const logged = loggableError(new TypeError('Cannot read properties of undefined', { cause: checkViolation() }));
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'Cannot read properties of undefined',
      cause: { code: '23514', constraint: 'customers_check' },
    });
    expect(JSON.stringify(logged)).not.toContain('jana@example.test');
  });

  it('describes a thrown value that is not an Error by its type only', () => {
    expect(loggableError('jana@example.test')).toEqual({ type: 'string', message: expect.not.stringContaining('jana') });
  });
});
