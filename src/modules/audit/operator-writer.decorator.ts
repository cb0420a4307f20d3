import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { operatorRouteOf } from '@tessera/http';
import { AuditActor, operatorAuditActor } from './audit-actor';

/**
 * The signed-in operator as the audit trail names them, with the operation the request called: what
 * an operator write hands its service.
 */
export const OperatorWriter = createParamDecorator((_data: unknown, context: ExecutionContext): AuditActor => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const route = operatorRouteOf(request.method, request.routeOptions.url);
  if (!request.operator || !route) throw new Error('@OperatorWriter is for operator API handlers that need a signed-in operator');
  return operatorAuditActor(request.operator, route.key);
});
