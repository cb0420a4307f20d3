import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../../../core/src/loggable-error';
import { isDatabaseUnreachable, valueRefusedByDatabase } from '../../../core/src/postgres-errors';
import { ThrottledWarning } from '../../../core/src/throttled-warning';
import { unmatchedRouteError } from '../routing/unmatched-route';
import { ApiError } from './api-error';
import { DomainException } from './domain-exception';
import '../routing/route-registry';

/** During an outage every request fails alike: the log gets one line per this interval, not one per request. */
const OUTAGE_WARNING_INTERVAL_MS = 10_000;

/** Translates anything thrown while handling a request into the API's status and error body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');
  private readonly outageWarning = new ThrottledWarning(OUTAGE_WARNING_INTERVAL_MS);

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = this.toApiError(exception, request);
    sendApiError(reply, error);
  }

  private toApiError(exception: unknown, request: FastifyRequest): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof DomainException) return exception.toApiError();
    if (exception instanceof NotFoundException && isRouterMiss(exception)) {
      return unmatchedRouteError(request.method, request.url, (path) => request.server.apiRoutes.methodsFor(path));
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) {
      return ApiError.payloadTooLarge(request.routeOptions.bodyLimit);
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return fromHttpException(exception);
    }
    if (isClientTransportError(exception)) {
      return ApiError.invalidFormat('body', exception.message);
    }
    if (isDatabaseUnreachable(exception)) {
      const heldBack = this.outageWarning.take();
      if (heldBack !== null) {
        this.logger.warn({ msg: 'Database unreachable: answering 503', reqId: request.id, err: loggableError(exception), heldBack });
      }
      return ApiError.databaseUnreachable();
    }
    const refusedCode = valueRefusedByDatabase(exception);
    if (refusedCode) {
      // The input limits should stop such values first: the log shows where one got through.
      this.logger.warn({ msg: 'Value refused by the database', reqId: request.id, sqlState: refusedCode });
      return ApiError.invalidFormat(
        request.body === undefined ? 'query' : 'body',
        'A value of the request is outside what the server can store',
      );
    }
    // The request id ties the log line to the 500 the client got; the error is described without
    // the data it may carry (see loggableError).
    this.logger.error({ msg: 'Unhandled error', reqId: request.id, err: loggableError(exception) });
    return ApiError.internal(String(request.id));
  }
}

export function sendApiError(reply: FastifyReply, error: ApiError): void {
  void reply
    .status(error.status)
    .headers(error.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ error: error.body });
}

/** Nest's router throws a `NotFoundException` whose message starts with "Cannot <METHOD>". */
function isRouterMiss(exception: NotFoundException): boolean {
  return /^Cannot [A-Z]+ /.test(exception.message);
}

/** Fastify's own request errors (body too large, bad encoding...) carry a 4xx `statusCode`. */
function isClientTransportError(exception: unknown): exception is Error & { statusCode: number } {
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return exception instanceof Error && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

function fromHttpException(exception: HttpException): ApiError {
  const status = exception.getStatus();
  if (status === 400 || status === 415) {
    return ApiError.invalidFormat('body', exception.message);
  }
  if (status === 401) return ApiError.unauthorized(exception.message);
  if (status === 404) return ApiError.notFound('path', '');
  return new ApiError(status, {
    type: 'about:blank',
    exception: 'error_exception',
    title: exception.name,
    detail: exception.message,
  });
}
