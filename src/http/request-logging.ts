import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
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

/**
 * Pino options for the HTTP server: JSON lines, a request id per request, no credentials or personal data.
 * Lines go to standard output asynchronously: a request never waits for a write, and lines written while
 * one is under way leave together in the next (pino flushes what is left when the process exits).
 */
export function httpLoggerOptions(level: string) {
  return {
    level,
    stream: standardOutput(),
    // Pino's error serializer type demands a stack; it is emptied below and removed here. Request
    // headers (credentials) never reach a line: the request serializer names the fields it logs.
    redact: { paths: ['err.stack'], remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      err: (error: unknown) => ({ ...loggableError(error), stack: '' }),
    },
  };
}

let asynchronousStandardOutput: pino.DestinationStream | undefined;

/** One asynchronous stream for the process, however many applications it runs (tests, the bench). */
function standardOutput(): pino.DestinationStream {
  asynchronousStandardOutput ??= pino.destination({ dest: 1, sync: false });
  return asynchronousStandardOutput;
}

/**
 * One line per request, written when it completes and naming the request, its status and its time,
 * instead of Fastify's two (one on arrival, one on completion): half the serialising and writing.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
