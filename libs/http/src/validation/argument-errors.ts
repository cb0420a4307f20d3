import { registerDecorator, ValidationError, ValidationOptions } from 'class-validator';
import { ApiError } from '../errors/api-error';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';

/**
 * The API's two argument exceptions (digest A9): `missing_argument_exception` (a required property of an
 * object is absent) and `invalid_argument_exception` (a value has the wrong JSON type, e.g. null). Their
 * fields sit inside `error_data`, next to the usual `invalid_params`, so clients reading either work.
 */
interface ArgumentErrorContext {
  exception: 'missing_argument_exception' | 'invalid_argument_exception';
  objectOfParameter?: string;
  expectedType?: string;
}

const CONTEXT_KEY = 'argumentError';

/** Options for `@IsDefined` on a property whose absence is a missing_argument_exception naming its object. */
export function missingArgument(objectOfParameter: string): ValidationOptions {
  return { context: { [CONTEXT_KEY]: { exception: 'missing_argument_exception', objectOfParameter } satisfies ArgumentErrorContext } };
}

/** A present value of another JSON type than `expectedType` (null included) is an invalid_argument_exception. */
export function ArgumentOfType(expectedType: 'string' | 'number' | 'boolean'): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'argumentOfType',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `${String(propertyName)} must be a ${expectedType}`,
        context: { [CONTEXT_KEY]: { exception: 'invalid_argument_exception', expectedType } satisfies ArgumentErrorContext },
      },
      validator: { validate: (value: unknown) => value === undefined || typeof value === expectedType },
    });
  };
}

/** The first argument error among the validation errors, as the API error it is; null when there is none. */
export function argumentError(errors: ValidationError[], parent = ''): ApiError | null {
  for (const error of errors) {
    const name = parent ? `${parent}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      const context = (error.contexts?.[constraint] as Record<string, unknown> | undefined)?.[CONTEXT_KEY] as
        ArgumentErrorContext | undefined;
      if (!context) continue;
      if (context.exception === 'missing_argument_exception') {
        const param: InvalidParam = { name, reason: InvalidReason.Required, message };
        return ApiError.badRequestOfKind(context.exception, message, {
          parameter: error.property,
          object_of_parameter: context.objectOfParameter,
          invalid_params: [param],
        });
      }
      const actualType = error.value === null ? 'null' : Array.isArray(error.value) ? 'array' : typeof error.value;
      const param: InvalidParam = { name, reason: InvalidReason.InvalidValueFormat, message };
      return ApiError.badRequestOfKind(context.exception, message, {
        parameter: error.property,
        expected_type: context.expectedType,
        actual_type: actualType,
        invalid_params: [param],
      });
    }
    const nested = argumentError(error.children ?? [], name);
    if (nested) return nested;
  }
  return null;
}
