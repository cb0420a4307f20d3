import { TypeORMError } from 'typeorm';

/**
 * What the logs may say about an error: its class, codes and the database object it concerns. No stack:
 * logs leave the process, and frames map the code for whoever reads them. A type alias rather than an
 * interface, so that it fits pino's serializer signature.
 */
export type LoggableError = {
  type: string;
  /** SQLSTATE of a database error, or a system error code such as `ECONNREFUSED`. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  /** A database error's message is rebuilt from its codes and object names. */
  message: string;
  cause?: LoggableError;
};

/** PostgreSQL error fields that name a database object, never a value. */
const DATABASE_OBJECT_FIELDS = ['constraint', 'table', 'column', 'schema', 'dataType'] as const;

/**
 * An error as it may be logged. Database errors (and TypeORM's own) keep only codes and object names:
 * their message, detail, query text and parameters can carry the row being written (e-mails, names,
 * password hashes). Other errors keep their message, which comes from code, not from requests.
 */
export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown' };
  const fields = error as unknown as Record<string, unknown> & { driverError?: Record<string, unknown> };
  const described: LoggableError = { type: error.constructor.name, message: error.message };
  const code = fields.driverError?.code ?? fields.code;
  if (typeof code === 'string') described.code = code;
  if (error instanceof TypeORMError || isDriverError(fields)) {
    for (const field of DATABASE_OBJECT_FIELDS) {
      const value = fields.driverError?.[field] ?? fields[field];
      if (typeof value === 'string') described[field] = value;
    }
    described.message = databaseMessage(described);
  }
  if (error.cause !== undefined) described.cause = loggableError(error.cause);
  return described;
}

function databaseMessage(error: LoggableError): string {
  const on = [
    error.table && `table ${error.table}`,
    error.column && `column ${error.column}`,
    error.constraint && `constraint ${error.constraint}`,
  ];
  const where = on.filter((part) => part).join(', ');
  return `Database error ${error.code ?? 'without SQLSTATE'}${where ? ` (${where})` : ''}; its text is not logged, it may quote the data`;
}

/** An error of the PostgreSQL driver itself (it carries a severity and a SQLSTATE). */
function isDriverError(fields: Record<string, unknown>): boolean {
  return typeof fields.severity === 'string' && typeof fields.code === 'string';
}
