import type { FastifyInstance, RawServerBase } from 'fastify';
import { ApiError } from '../../libs/http/src';

/**
 * JSON bodies as the API's clients send them: an empty body with `Content-Type: application/json`
 * is no body at all (the vendor's PHP client sends one on GET and DELETE); a body that is not JSON,
 * or a body of another content type, is a 400 naming `body` or `Content-Type`.
 */
export function configureBodyParsing(fastify: FastifyInstance<RawServerBase>): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(ApiError.invalidFormat('body', 'The request body is not valid JSON'), undefined);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).length === 0) return done(null, undefined);
    done(ApiError.invalidFormat('Content-Type', `Request bodies must be application/json, not ${request.headers['content-type']}`), undefined);
  });
}
