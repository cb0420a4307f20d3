/** What a PostgreSQL foreign-key violation (23503) names: the constraint and the missing key value. */
export interface ForeignKeyViolation {
  constraint: string;
  value: string;
}

/** Reads a foreign-key violation from a driver error (TypeORM copies the driver's fields onto its error). */
export function foreignKeyViolation(error: unknown): ForeignKeyViolation | null {
  const fields = error as { code?: unknown; constraint?: unknown; detail?: unknown } | null;
  if (fields?.code !== '23503' || typeof fields.constraint !== 'string') return null;
  const match = typeof fields.detail === 'string' ? /^Key \([^)]*\)=\((.*)\) is not present in table/.exec(fields.detail) : null;
  return match ? { constraint: fields.constraint, value: match[1] } : null;
}
