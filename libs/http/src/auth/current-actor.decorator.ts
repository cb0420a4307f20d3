import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Actor } from './actor';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
    /**
     * The caller a valid token names on a public operation, which runs without an actor: rate limits count
     * it against that caller's budget, while handlers and the response cache still see an anonymous call.
     */
    tokenHolder?: Actor;
  }
}

/** The authenticated caller, set by the interface auth guard. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor | undefined => {
  return context.switchToHttp().getRequest<FastifyRequest>().actor;
});
