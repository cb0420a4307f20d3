import type { FastifyInstance, RawServerBase } from 'fastify';
import type { Duplex } from 'node:stream';
import { ApiError, exceedsJsonNesting, INPUT_LIMITS } from '@tessera/http';

const MIB = 1024 * 1024;

/** Request body sizes: every route takes at most `default`; the routes listed take more. */
export const BODY_LIMITS = {
  default: 1 * MIB,
  /** Operations, by the end of their path, whose bodies may be larger than the default. */
  routes: [['/customers/actions/upload-customer-photo', 10 * MIB]] as ReadonlyArray<readonly [pathSuffix: string, bytes: number]>,
};

export function bodyLimitFor(url: string): number {
  return BODY_LIMITS.routes.find(([suffix]) => url.endsWith(suffix))?.[1] ?? BODY_LIMITS.default;
}

/**
 * JSON bodies as the API's clients send them: an empty body with `Content-Type: application/json`
 * is no body at all (the vendor's PHP client sends one on GET and DELETE); a body that is not JSON,
 * or a body of another content type, is a 400 naming `body` or `Content-Type`. Each route reads at
 * most its body limit (a larger body is a 413), and a document nested deeper than the input limit is
 * refused before it is parsed.
 */
export function configureBodyParsing(fastify: FastifyInstance<RawServerBase>): void {
  fastify.addHook('onRoute', (route) => {
    route.bodyLimit = bodyLimitFor(route.url);
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    if (exceedsJsonNesting(text, INPUT_LIMITS.maxNesting)) {
      return done(
        ApiError.invalidFormat('body', `The request body may nest objects and arrays at most ${INPUT_LIMITS.maxNesting} levels deep`),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(ApiError.invalidFormat('body', 'The request body is not valid JSON'), undefined);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).length === 0) return done(null, undefined);
    done(
      ApiError.invalidFormat('Content-Type', `Request bodies must be application/json, not ${request.headers['content-type']}`),
      undefined,
    );
  });
}

/**
 * Answers what Node's HTTP server refuses before a request reaches the application, in the API's
 * error format: a request not received within the request timeout (408), headers too large (431),
 * or bytes that are not HTTP (400). The connection is closed afterwards, as Node does.
 */
export function clientErrorHandler(requestTimeoutSeconds: number) {
  return function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) socket.write(rawErrorResponse(clientError(error, requestTimeoutSeconds)));
    socket.destroy(error);
  };
}

function clientError(error: NodeJS.ErrnoException, requestTimeoutSeconds: number): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ApiError.requestTimeout(requestTimeoutSeconds);
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError(431, {
      type: 'about:blank',
      exception: 'request_header_fields_too_large_exception',
      title: 'Request header fields too large',
      detail: 'The request headers are too large',
    });
  }
  return ApiError.invalidFormat('request', 'The request is not valid HTTP');
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function rawErrorResponse(error: ApiError): string {
  const body = JSON.stringify({ error: error.body });
  return (
    `HTTP/1.1 ${error.status} ${STATUS_TEXT[error.status]}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
