import type { ExampleObject, OperationObject, ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ApiError, ApiInterface, CommonException, InvalidReason } from '@tessera/http';
import { AuthException, operationNotPermitted } from '../modules/auth';
import { BODY_LIMITS } from './body-parsing';

/** What the examples of one operation's error responses depend on. */
export interface ErrorExampleContext {
  apiInterface: ApiInterface;
  /** `POST /customers`: the method and the path under the interface's base path. */
  key: string;
  operation: OperationObject;
  /** The methods the operation's path offers, for the 405 example. */
  pathMethods: string[];
  /** The body's fields its schema requires, for the 400 example. */
  requiredBodyFields: string[];
  requiresCustomer: boolean;
}

/** Seconds in the 429 example's `Retry-After`. */
const EXAMPLE_RETRY_AFTER = 30;
/** The request timeout in the 408 example: the `TESSERA_REQUEST_TIMEOUT` default. */
const EXAMPLE_REQUEST_TIMEOUT_SECONDS = 30;
const EXAMPLE_REQUEST_ID = '5f0c6a52-8d1e-4c3b-9a57-2b8e4f7d1c90';

/** Operations that name an external application and refuse an unknown or inactive one. */
const OPERATIONS_CHECKING_APPLICATIONS = new Set(['POST /users/actions/login', 'POST /tokens']);
const LOGIN = 'POST /users/actions/login';

const example = (summary: string, error: ApiError): ExampleObject => ({ summary, value: { error: error.body } });

/**
 * The examples of each error status, built by the same factories and exceptions that answer the
 * requests, so that a change to an error body changes its documentation too.
 */
export function errorExamples(context: ErrorExampleContext): Record<string, Record<string, ExampleObject>> {
  return {
    400: { invalid_params: example('A value at fault', badRequest(context)) },
    401: {
      unauthorized:
        context.key === LOGIN
          ? example('Wrong login or password', AuthException.invalidCredentials().toApiError())
          : example('No valid bearer token', AuthException.invalidToken().toApiError()),
    },
    403: forbidden(context),
    404: { not_found: example('No such record', notFound(context.key)) },
    405: { method_not_allowed: example('Another method on this path', methodNotAllowed(context)) },
    408: { request_timeout: example('The body came too slowly', ApiError.requestTimeout(EXAMPLE_REQUEST_TIMEOUT_SECONDS)) },
    413: { payload_too_large: example('The body is too large', ApiError.payloadTooLarge(bodyLimitOf(context.key))) },
    429: { too_many_requests: example('Request limit reached', ApiError.tooManyRequests(EXAMPLE_RETRY_AFTER)) },
    500: { internal_server_error: example('The server failed', ApiError.internal(EXAMPLE_REQUEST_ID)) },
    503: { service_unavailable: example('The database cannot be reached', ApiError.databaseUnreachable()) },
  };
}

/** The headers an error status sends besides its body, as the factories set them. */
export const ERROR_HEADERS: Record<string, string[]> = {
  405: Object.keys(ApiError.methodNotAllowed('DELETE', ['GET']).headers),
  429: Object.keys(ApiError.tooManyRequests(EXAMPLE_RETRY_AFTER).headers),
  503: Object.keys(ApiError.databaseUnreachable().headers),
};

/** A 400 naming a field the operation really has: a required body field, else a parameter. */
function badRequest({ operation, requiredBodyFields }: ErrorExampleContext): ApiError {
  const [field] = requiredBodyFields;
  if (field) return CommonException.invalid(field, InvalidReason.Required, `${field} is required`).toApiError();
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const parameter = parameters.find((candidate) => candidate.in === 'path') ?? parameters.find((candidate) => candidate.in === 'query');
  if (parameter) {
    const message = `${parameter.name} is not in the expected format`;
    return CommonException.invalid(parameter.name, InvalidReason.InvalidValueFormat, message, 'not-valid').toApiError();
  }
  return ApiError.invalidFormat('Accept-Language', 'Accept-Language names no language the project offers');
}

function forbidden({ apiInterface, key, requiresCustomer }: ErrorExampleContext): Record<string, ExampleObject> {
  const examples: Record<string, ExampleObject> = {
    operation_not_allowed: example("The application's permissions leave the operation out", operationNotPermitted(key).toApiError()),
  };
  if (requiresCustomer && apiInterface === ApiInterface.Customer)
    examples.customer_not_logged_in = example('No customer is logged in on the token', CommonException.customerNotLoggedIn().toApiError());
  if (OPERATIONS_CHECKING_APPLICATIONS.has(key))
    examples.external_application_not_allowed = example(
      'Unknown or inactive external application',
      AuthException.applicationNotAllowed('4b1c9e7d2a8f4e6b9c3d5a7e1f0b2c4d').toApiError(),
    );
  return examples;
}

/** The record the 404 reports: the one the last path parameter names, or the path itself when none does. */
function notFound(key: string): ApiError {
  const segments = key.split(' ')[1].split('/').filter(Boolean);
  const lastParameter = segments.findLastIndex((segment) => segment.startsWith('{'));
  if (lastParameter > 0)
    return CommonException.recordNotFound(segments[lastParameter - 1], '8d3f2a61c0b94e7a95d1f6c2b7e40a13').toApiError();
  return ApiError.notFound(resourceOf(key), '');
}

function methodNotAllowed({ key, pathMethods }: ErrorExampleContext): ApiError {
  const offered = pathMethods.map((method) => method.toUpperCase());
  const notOffered = ['DELETE', 'PUT', 'POST', 'GET', 'PATCH'].find((method) => !offered.includes(method)) ?? key.split(' ')[0];
  return ApiError.methodNotAllowed(notOffered, offered);
}

const resourceOf = (key: string) => key.split(' ')[1].split('/').filter(Boolean)[0] ?? '';

function bodyLimitOf(key: string): number {
  const path = key.split(' ')[1];
  return BODY_LIMITS.routes.find(([suffix]) => path.endsWith(suffix))?.[1] ?? BODY_LIMITS.default;
}
