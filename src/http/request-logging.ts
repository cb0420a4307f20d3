import type { FastifyRequest } from 'fastify';

/** Hides bearer secrets that travel in the path of Customer-interface token operations. */
export function redactUrl(url: string): string {
  return url.replace(/(\/tokens\/)[^/?]+/, '$1[redacted]');
}

/** Pino options for the HTTP server: JSON lines, a request id per request, no credentials. */
export function httpLoggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
