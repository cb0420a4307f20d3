import type { FastifyRequest } from 'fastify';
import { loggableError } from '@tessera/core';

/**
 * The request URL as logged: bearer secrets that travel in the path of Customer-interface token
 * operations are hidden, and so are query values (filters such as `email` or `phone` name customers).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(/(\/tokens\/)[^/]+/, '$1[redacted]');
  if (queryStart < 0) return path;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${path}?${names.join('&')}`;
}

/** Pino options for the HTTP server: JSON lines, a request id per request, no credentials or personal data. */
export function httpLoggerOptions(level: string) {
  return {
    level,
    // Pino's error serializer type demands a stack; it is emptied below and removed here.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'err.stack'], remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      err: (error: unknown) => ({ ...loggableError(error), stack: '' }),
    },
  };
}
