import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { CommonException } from '../errors/common.exceptions';
import { ApiError } from '../errors/api-error';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';
import { argumentError } from './argument-errors';
import { enforceInputLimits } from './input-limits';
import { cacheValidationMetadata } from './validation-metadata-cache';
import { ValidatedQueryCache } from './validated-query-cache';

cacheValidationMetadata();

const REASON_BY_CONSTRAINT: Record<string, InvalidReason> = {
  isDefined: InvalidReason.Required,
  isNotEmpty: InvalidReason.Empty,
  arrayNotEmpty: InvalidReason.Empty,
  whitelistValidation: InvalidReason.NotAllowedValue,
  isIn: InvalidReason.NotAllowedValue,
  isEnum: InvalidReason.NotAllowedValue,
  equals: InvalidReason.NotAllowedValue,
};

/** Class-validator errors as the API's invalid params, one per field, named by their path under `parent`. */
export function toInvalidParams(errors: ValidationError[], parent = ''): InvalidParam[] {
  const params: InvalidParam[] = [];
  for (const error of errors) {
    const name = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.length > 0) {
      // One entry per field: the first failed constraint is the most basic one (presence before format).
      const [constraint, message] = constraints.find(([key]) => key === 'isDefined') ?? constraints[0];
      const param: InvalidParam = {
        name,
        reason: REASON_BY_CONSTRAINT[constraint] ?? InvalidReason.InvalidValueFormat,
        message,
      };
      if (error.value !== undefined && error.value !== null && typeof error.value !== 'object') {
        param.value = String(error.value);
      }
      params.push(param);
    }
    params.push(...toInvalidParams(error.children ?? [], name));
  }
  return params;
}

function exceptionFactory(errors: ValidationError[]): CommonException | ApiError {
  return argumentError(errors) ?? CommonException.invalidParams(toInvalidParams(errors));
}

/**
 * Class-validator's pipe with the input limits checked first, on the value as class-transformer built it
 * (so each nested object is an instance of its DTO and carries its rules).
 */
class LimitedValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const breaches = enforceInputLimits(object, '');
    if (breaches.length > 0) throw CommonException.invalidParams(breaches);
    return super.validate(object, validatorOptions);
  }
}

const PRIMITIVE_TYPES: unknown[] = [String, Boolean, Number, Array, Object, Buffer, Date];

/** Whether a handler argument is validated as a DTO (a whole body or query of a class with rules). */
function isDtoArgument(metadata: ArgumentMetadata): boolean {
  return typeof metadata.metatype === 'function' && !PRIMITIVE_TYPES.includes(metadata.metatype);
}

/** Query values are text: a number must be written plainly (`1e20`, `0x10` or ` 5` are not numbers here). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function loosePlainNumbers(raw: unknown, parsed: unknown): InvalidParam[] {
  if (!raw || typeof raw !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([key, value]) => typeof value === 'number' && typeof (raw as Record<string, unknown>)[key] === 'string')
    .filter(([key]) => !PLAIN_DECIMAL.test((raw as Record<string, string>)[key]))
    .map(([key]) => ({
      name: key,
      reason: InvalidReason.InvalidValueFormat,
      message: `${key} must be a number written in decimal digits`,
      value: (raw as Record<string, string>)[key],
    }));
}

/**
 * Validates request DTOs into the API's 400 body. Bodies refuse unknown fields (naming them);
 * query strings tolerate parameters they do not know, as HTTP clients commonly add some.
 * Every body, query and path parameter is held to the input limits (see input-limits.ts) first.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly bodyPipe = new LimitedValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory,
  });

  private readonly queries = new ValidatedQueryCache();

  private readonly queryPipe = new LimitedValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    exceptionFactory,
  });

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return value;
    if (!isDtoArgument(metadata)) {
      const breaches = enforceInputLimits(value, metadata.data ?? (typeof value === 'object' && value !== null ? '' : metadata.type));
      if (breaches.length > 0) throw CommonException.invalidParams(breaches);
    } else if (
      metadata.type === 'body' &&
      !metadata.data &&
      value !== undefined &&
      value !== null &&
      (typeof value !== 'object' || Array.isArray(value))
    ) {
      // class-transformer would turn an array into an array of instances, each validated as the body.
      throw CommonException.invalid('body', InvalidReason.InvalidValueFormat, 'The request body must be a JSON object');
    }
    if (metadata.type === 'body') return this.bodyPipe.transform(value, metadata);
    if (metadata.type === 'query' && !metadata.data && isDtoArgument(metadata)) {
      return this.queries.validated(metadata.metatype, value, () => this.validateQuery(value, metadata));
    }
    return this.queryPipe.transform(value, metadata);
  }

  private async validateQuery(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const parsed: unknown = await this.queryPipe.transform(value, metadata);
    const loose = loosePlainNumbers(value, parsed);
    if (loose.length > 0) throw CommonException.invalidParams(loose);
    return parsed;
  }
}
