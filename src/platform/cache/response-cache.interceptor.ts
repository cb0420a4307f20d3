import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { concatMap, from, lastValueFrom, Observable } from 'rxjs';
import { ApiOperation, apiOperationOf, operatorRouteOf } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { familiesAnOperatorChanges, familiesChangedBy, principalOf, resourceFamily, responseCacheKey } from './response-cache-key';
import { ResponseCacheService } from './response-cache.service';

/**
 * Serves GET answers of the operations the operator chose from the cache, keyed on everything that can
 * change them (interface, version, URL with query, Accept-Language, the caller, the data's generation),
 * and marks them with `Cache-Control: max-age`. Successful writes make the affected families stale.
 */
@Injectable()
export class ResponseCacheInterceptor implements NestInterceptor {
  private readonly ttls: Record<string, number>;
  private readonly enabled: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly cache: ResponseCacheService,
  ) {
    this.ttls = config.cacheTtls;
    this.enabled = Object.keys(this.ttls).length > 0;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.enabled || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const operation = apiOperationOf(request.method, request.routeOptions.url);
    if (request.method !== 'GET') {
      const operatorRoute = operation ? undefined : operatorRouteOf(request.method, request.routeOptions.url);
      const families = operation ? familiesChangedBy(operation) : operatorRoute && familiesAnOperatorChanges(operatorRoute);
      if (!families) return next.handle();
      return next.handle().pipe(
        concatMap(async (body: unknown) => {
          await this.cache.invalidate(families);
          return body;
        }),
      );
    }
    if (!operation) return next.handle();
    const ttl = this.ttls[operation.path];
    if (!ttl) return next.handle();
    return from(this.answer(request, reply, operation, ttl, () => lastValueFrom(next.handle())));
  }

  /** The cached answer when there is one; otherwise the handler's, kept when it is a 200. */
  private async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: ApiOperation,
    ttl: number,
    handle: () => Promise<unknown>,
  ): Promise<unknown> {
    const key = await this.keyFor(request, operation);
    const hit = await this.cache.get(key);
    if (hit) {
      markCacheable(reply, Math.max(1, Math.ceil((hit.expiresAt - Date.now()) / 1000)));
      return hit.body;
    }
    const body = await handle();
    if (reply.statusCode === 200) {
      markCacheable(reply, ttl);
      await this.cache.set(key, body, ttl);
    }
    return body;
  }

  private async keyFor(request: FastifyRequest, operation: ApiOperation): Promise<string> {
    const [generation] = await this.cache.generations([resourceFamily(operation)]);
    const acceptLanguage = request.headers['accept-language'];
    return responseCacheKey({
      operation,
      url: request.url,
      acceptLanguage: Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage,
      principal: principalOf(request.actor),
      generation,
    });
  }
}

function markCacheable(reply: FastifyReply, maxAgeSeconds: number): void {
  reply.header('cache-control', `max-age=${maxAgeSeconds}`);
  // Answers differ per caller and language: shared HTTP caches on the way must keep them apart too.
  reply.header('vary', 'Authorization, Accept-Language');
}
