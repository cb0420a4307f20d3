import { InvalidParam, InvalidReason } from './invalid-reason';

export type ApiInterfaceName = 'Enterprise' | 'Customer';

export interface ErrorBody {
  type: string;
  exception?: string;
  title: string;
  detail: string;
  error_data?: Record<string, unknown>;
}

/**
 * An error already expressed in the API's wire format: status, body and extra headers.
 * Domain exceptions are translated into one of these by the global filter.
 */
/** How long a client is told to wait before retrying while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail);
  }

  static badRequest(params: InvalidParam[], detail?: string): ApiError {
    return new ApiError(400, {
      type: 'about:blank',
      exception: 'bad_request_exception',
      title: 'Bad request',
      detail: detail ?? params.map((p) => p.message).join(' '),
      error_data: { invalid_params: params },
    });
  }

  /** 400 for one value (a parameter, the body, a header) that is not in the expected format. */
  static invalidFormat(name: string, message: string): ApiError {
    return ApiError.badRequest([{ name, reason: InvalidReason.InvalidValueFormat, message }]);
  }

  /** 400 with a non-generic exception kind whose specific fields sit inside `error_data`. */
  static badRequestOfKind(exception: string, detail: string, errorData: Record<string, unknown>): ApiError {
    return new ApiError(400, { type: 'about:blank', exception, title: 'Bad request', detail, error_data: errorData });
  }

  static unauthorized(detail: string, errorData: Record<string, unknown> = {}): ApiError {
    return new ApiError(401, {
      type: 'about:blank',
      exception: 'unauthorized_exception',
      title: 'Unauthorized',
      detail,
      error_data: errorData,
    });
  }

  /** 403: `type` and `exception` carry the same code. */
  static forbidden(code: string, title: string, detail: string, errorData: Record<string, unknown> = {}): ApiError {
    return new ApiError(403, { type: code, exception: code, title, detail, error_data: errorData });
  }

  static interfaceNotAllowed(resourceName: string, iface: ApiInterfaceName): ApiError {
    return ApiError.forbidden(
      'interface_not_allowed_exception',
      `${iface} API is not allowed for this resource`,
      `Resource "${resourceName}" is not offered by the ${iface} API`,
      { invalid_resource_name: resourceName, interface: iface },
    );
  }

  static notFound(resourceName: string, resourceId: string): ApiError {
    return new ApiError(404, {
      type: 'about:blank',
      exception: 'not_found_exception',
      title: 'Not found',
      detail: resourceId
        ? `No ${resourceName} record has the id "${resourceId}"`
        : `There is no resource "${resourceName}" at this address`,
      error_data: { resource_name: resourceName, resource_id: resourceId },
    });
  }

  static methodNotAllowed(method: string, allowed: string[]): ApiError {
    return new ApiError(
      405,
      {
        type: 'about:blank',
        exception: 'method_not_allowed_exception',
        title: 'Method not allowed',
        detail: `This resource does not support ${method}; it supports ${allowed.join(', ')}`,
        error_data: { http_method: method },
      },
      { Allow: allowed.join(', ') },
    );
  }

  /** 413 for a body over its route's size limit: a BasicError that also names the body. */
  static payloadTooLarge(limitBytes: number): ApiError {
    const message = `The request body may have at most ${limitBytes} bytes`;
    return new ApiError(413, {
      type: 'about:blank',
      exception: 'payload_too_large_exception',
      title: 'Payload too large',
      detail: message,
      error_data: { invalid_params: [{ name: 'body', reason: InvalidReason.InvalidValueFormat, message }] },
    });
  }

  /** 408 for a request that did not arrive in time: a BasicError that also names the body. */
  static requestTimeout(timeoutSeconds: number): ApiError {
    const message = `The request did not arrive within ${timeoutSeconds} seconds`;
    return new ApiError(408, {
      type: 'about:blank',
      exception: 'request_timeout_exception',
      title: 'Request timeout',
      detail: message,
      error_data: { invalid_params: [{ name: 'body', reason: InvalidReason.InvalidValueFormat, message }] },
    });
  }

  static tooManyRequests(retryAfterSeconds: number): ApiError {
    return new ApiError(
      429,
      {
        type: 'about:blank',
        exception: 'too_many_requests_exception',
        title: 'Too many requests',
        detail: `Request limit reached; retry after ${retryAfterSeconds} seconds`,
      },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  static internal(requestId: string): ApiError {
    return new ApiError(500, {
      type: 'about:blank',
      exception: 'internal_server_error_exception',
      title: 'Internal server error',
      detail: `The server failed to handle the request (request id ${requestId})`,
    });
  }

  /** 503 for a database that cannot be reached (decision 34): the same request may well succeed once it is back. */
  static databaseUnreachable(): ApiError {
    return ApiError.unavailable(DATABASE_RETRY_AFTER_SECONDS, 'The database cannot be reached at the moment; retry later');
  }

  static unavailable(retryAfterSeconds: number, detail: string): ApiError {
    return new ApiError(
      503,
      { type: 'about:blank', exception: 'service_unavailable_exception', title: 'Service unavailable', detail },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}
