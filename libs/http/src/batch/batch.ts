import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { DataSource, EntityManager } from 'typeorm';
import { DomainException } from '../errors/domain-exception';
import { CommonException } from '../errors/common.exceptions';
import { ApiError } from '../errors/api-error';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';
import { dataEnvelope } from '../pagination/envelope';
import { toInvalidParams } from '../validation/api-validation.pipe';
import { enforceInputLimits } from '../validation/input-limits';

/** `error_processing` of every batch operation (decision 22). */
export enum ErrorProcessing {
  /** The first failing record rejects the whole batch; nothing is written. */
  AllOrNothing = 1,
  /** Valid records are written; the failing ones are reported by index. */
  SkipFailed = 2,
}

/** One refused record of a batch in mode 2. */
export interface RecordFailure {
  index: number;
  invalid_params: InvalidParam[];
}

/**
 * Collects the failures of one batch. In all-or-nothing mode the first failure ends the batch with a
 * 400 (the caller's transaction then rolls back); otherwise failures are kept for the report.
 */
export class BatchFailures {
  private readonly failures = new Map<number, InvalidParam[]>();

  constructor(private readonly mode: ErrorProcessing) {}

  fail(index: number, params: InvalidParam[]): void {
    if (this.mode === ErrorProcessing.AllOrNothing) throw CommonException.invalidParams(params);
    this.failures.set(index, [...(this.failures.get(index) ?? []), ...params]);
  }

  has(index: number): boolean {
    return this.failures.has(index);
  }

  /** The report, ordered by record index. */
  report(): RecordFailure[] {
    return [...this.failures.entries()].sort(([a], [b]) => a - b).map(([index, params]) => ({ index, invalid_params: params }));
  }
}

/**
 * Validates one batch record against its DTO the way the request pipe validates a body (unknown fields
 * refused), but on its own, so that one bad record need not reject the others.
 */
export function validateBatchRecord<T extends object>(
  type: ClassConstructor<T>,
  raw: unknown,
  prefix: string,
): { record: T; params?: undefined } | { record?: undefined; params: InvalidParam[] } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { params: [{ name: prefix, reason: InvalidReason.InvalidValueFormat, message: `${prefix} must be an object` }] };
  }
  const record = plainToInstance(type, raw);
  const breaches = enforceInputLimits(record, prefix);
  if (breaches.length > 0) return { params: breaches };
  const errors = validateSync(record, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length > 0 ? { params: toInvalidParams(errors, prefix) } : { record };
}

/** The invalid params of an error that refuses a record with a 400; undefined for any other error. */
function refusedParams(error: unknown): InvalidParam[] | undefined {
  const apiError = error instanceof DomainException ? error.toApiError() : error instanceof ApiError ? error : undefined;
  if (apiError?.status !== 400) return undefined;
  return (apiError.body.error_data?.invalid_params as InvalidParam[] | undefined) ?? [];
}

/**
 * Writes a batch record by record under decision 22: mode 1 in one transaction that the first refused
 * record rolls back; mode 2 each record in a transaction of its own, reporting the refused ones.
 */
export async function writeBatch<T>(
  dataSource: DataSource,
  records: readonly T[],
  mode: ErrorProcessing,
  write: (record: T, index: number, manager: EntityManager) => Promise<unknown>,
): Promise<RecordFailure[]> {
  if (mode === ErrorProcessing.AllOrNothing) {
    await dataSource.transaction(async (manager) => {
      for (const [index, record] of records.entries()) await write(record, index, manager);
    });
    return [];
  }
  const failures = new BatchFailures(mode);
  for (const [index, record] of records.entries()) {
    try {
      await dataSource.transaction((manager) => write(record, index, manager));
    } catch (error) {
      const params = refusedParams(error);
      if (!params) throw error;
      failures.fail(index, params);
    }
  }
  return failures.report();
}

/** 204 when every record was written; otherwise 200 with the refused records (decision 22, mode 2). */
export function batchAnswer(failures: RecordFailure[], reply: FastifyReply): { data: { errors: RecordFailure[] } } | undefined {
  if (failures.length === 0) return undefined;
  void reply.status(200);
  return dataEnvelope({ errors: failures });
}
