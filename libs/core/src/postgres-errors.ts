import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** PostgreSQL's error fields that TypeORM copies onto its `QueryFailedError` (and keeps in `driverError`). */
interface PostgresErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

function fieldsOf(error: unknown): PostgresErrorFields | null {
  if (!error || typeof error !== 'object') return null;
  return (error as { driverError?: PostgresErrorFields }).driverError ?? error;
}

/** Whether an error is a unique violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = fieldsOf(error);
  return fields?.code === '23505' && (constraint === undefined || fields.constraint === constraint);
}

/** What a foreign-key violation (23503) names: the constraint and the missing key value. */
export interface ForeignKeyViolation {
  constraint: string;
  value: string;
}

export function foreignKeyViolation(error: unknown): ForeignKeyViolation | null {
  const fields = fieldsOf(error);
  if (fields?.code !== '23503' || typeof fields.constraint !== 'string') return null;
  const match = typeof fields.detail === 'string' ? /^Key \([^)]*\)=\((.*)\) is not present in table/.exec(fields.detail) : null;
  return match ? { constraint: fields.constraint, value: match[1] } : null;
}

/**
 * The SQLSTATE of an error by which PostgreSQL refused a value rather than failed: a data exception
 * (class 22: a number out of range, an impossible date, a NUL character, text too long for its column)
 * or an index entry over the size an index takes (54000). Null for any other error.
 */
export function valueRefusedByDatabase(error: unknown): string | null {
  const code = fieldsOf(error)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '54000') ? code : null;
}

/** Socket errors by which the database's host could not be reached or dropped the connection. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs by which the server refused or ended the session rather than the statement: administrator
 * or crash shutdown (57P01, 57P02), still starting or stopping (57P03), out of connection slots (53300).
 * Class 08 (connection exceptions) is matched by its prefix.
 */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres and pg-pool report a lost or refused connection by message alone: the connection
 * ended, the pool's wait for a connection ran out, or the client is dead since an earlier error.
 */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * Whether an error means the database cannot be reached at the moment (down, restarting, out of
 * connections, or the network between), as opposed to a statement it refused. TypeORM wraps the
 * driver's error in `driverError`; Node may wrap a socket error in an AggregateError (one per address
 * tried) or give it as `cause`.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // TypeORM releases a query runner whose connection failed between statements (a transaction waiting
  // on the application, say); the transaction's next statement, or a transaction nested in it, then
  // meets one of these instead of the cause.
  if (error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  const inner: unknown[] = [driverError, cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  return inner.some((wrapped) => wrapped !== error && isDatabaseUnreachable(wrapped, depth + 1));
}
