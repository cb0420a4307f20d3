import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';

/** Absolute base URL of the public customer photo route, as the caller reached this server. */
export const PhotoBaseUrl = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const forwarded = request.headers['x-forwarded-proto'];
  const protocol = typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : request.protocol;
  return `${protocol}://${request.headers.host ?? 'localhost'}/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}/customer-photos`;
});
