import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { CommonException } from '../errors/common.exceptions';
import { ApiError } from '../errors/api-error';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';
import { argumentError } from './argument-errors';

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
 * Validates request DTOs into the API's 400 body. Bodies refuse unknown fields (naming them);
 * query strings tolerate parameters they do not know, as HTTP clients commonly add some.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly bodyPipe = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory,
  });

  private readonly queryPipe = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    exceptionFactory,
  });

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'body' ? this.bodyPipe.transform(value, metadata) : this.queryPipe.transform(value, metadata);
  }
}
