import { ClassConstructor, plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import { CommonException, InvalidParam, InvalidReason } from '../../../../libs/http/src';

/** `error_processing` of the batch operations (decision 22). */
export enum ErrorProcessing {
  /** The first failing record rejects the whole batch; nothing is written. */
  AllOrNothing = 1,
  /** Valid records are written; the failing ones are reported by index. */
  SkipFailed = 2,
}

export interface RecordFailure {
  index: number;
  invalid_params: InvalidParam[];
}

const REASON_BY_CONSTRAINT: Record<string, InvalidReason> = {
  isDefined: InvalidReason.Required,
  isNotEmpty: InvalidReason.Empty,
  arrayNotEmpty: InvalidReason.Empty,
  whitelistValidation: InvalidReason.NotAllowedValue,
  isIn: InvalidReason.NotAllowedValue,
  isEnum: InvalidReason.NotAllowedValue,
};

/** Class-validator errors as the API's invalid params, each name prefixed with the record's place in the batch. */
export function toInvalidParams(errors: ValidationError[], prefix: string): InvalidParam[] {
  const params: InvalidParam[] = [];
  for (const error of errors) {
    const name = `${prefix}.${error.property}`;
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.length > 0) {
      const [constraint, message] = constraints.find(([key]) => key === 'isDefined') ?? constraints[0];
      const param: InvalidParam = { name, reason: REASON_BY_CONSTRAINT[constraint] ?? InvalidReason.InvalidValueFormat, message };
      if (error.value !== undefined && error.value !== null && typeof error.value !== 'object') param.value = String(error.value);
      params.push(param);
    }
    params.push(...toInvalidParams(error.children ?? [], name));
  }
  return params;
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
  const errors = validateSync(record, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length > 0 ? { params: toInvalidParams(errors, prefix) } : { record };
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
