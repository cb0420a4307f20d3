import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { operatorRouteOf, type OperatorPermission } from '../routing/operator-resource.decorators';

/** A person signed in to the operator API: through the console, or a script of the operator's own. */
export interface OperatorActor {
  kind: 'operator';
  userId: string;
  login: string;
  sessionId: string;
  /** Every permission of every role the user holds, read when the session was authenticated. */
  permissions: ReadonlySet<OperatorPermission>;
  /** The client that said what it is (`console`), for the audit trail; otherwise the API itself. */
  client: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorActor;
  }
}

/** The signed-in operator, set by the operator guard. */
export const CurrentOperator = createParamDecorator((_data: unknown, context: ExecutionContext): OperatorActor | undefined => {
  return context.switchToHttp().getRequest<FastifyRequest>().operator;
});

/** The operator API operation (`METHOD /path`) a request called, as the audit trail names it. */
export const OperatorOperation = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const route = operatorRouteOf(request.method, request.routeOptions.url);
  if (!route) throw new Error('@OperatorOperation is for operator API handlers');
  return route.key;
});
