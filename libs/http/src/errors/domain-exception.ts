import { ApiError } from './api-error';
import { InvalidParam, InvalidReason } from './invalid-reason';

/** How each code of a context's enum becomes an API error. `Record` makes the map exhaustive. */
export type ErrorMap<TCode extends string, TException> = Record<TCode, (exception: TException) => ApiError>;

/**
 * Base of every context's typed exception. Services throw these; the global filter calls
 * `toApiError()`, which looks the code up in the context's exhaustive map.
 */
export abstract class DomainException<TCode extends string> extends Error {
  protected abstract readonly errorMap: ErrorMap<TCode, this>;

  constructor(
    readonly code: TCode,
    message: string,
    readonly details: { name?: string; value?: unknown; data?: Record<string, unknown> } = {},
  ) {
    super(message);
  }

  toApiError(): ApiError {
    return this.errorMap[this.code](this);
  }

  /** The common mapping: a 400 naming `details.name` with the given reason. */
  invalidParamError(reason: string): ApiError {
    return ApiError.badRequest([invalidParam(this.details.name ?? '', reason, this.message, this.details.value)]);
  }
}

export function invalidParam(name: string, reason: InvalidReason | string, message: string, value?: unknown): InvalidParam {
  const param: InvalidParam = { name, reason, message };
  if (value !== undefined && value !== null) {
    param.value = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return param;
}
