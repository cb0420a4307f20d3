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
