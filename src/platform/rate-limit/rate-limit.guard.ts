import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Actor, ApiError, apiOperationOf } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { RedisConnection } from '../redis/redis-connection';
import { RequestBudget } from './request-budget';

/** The budgets every request is counted against. */
export enum RateBudget {
  /** All requests of one API user, or of one device token whether a customer is logged in on it or not. */
  Client = 'client',
  /** Requests without a token (logins, `POST /tokens`), per client IP. */
  Anonymous = 'anonymous',
  /** Requests of one caller to one operation the operator limited separately. */
  Operation = 'operation',
}

/**
 * Counts API requests against the configured budgets after authentication has named the caller, and
 * answers 429 with `Retry-After` and the API's error body once a budget is spent.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly client: RequestBudget | null;
  private readonly anonymous: RequestBudget | null;
  private readonly operations = new Map<string, RequestBudget>();

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisConnection) {
    this.client = config.rateLimit && new RequestBudget(RateBudget.Client, config.rateLimit, redis);
    this.anonymous = config.anonymousRateLimit && new RequestBudget(RateBudget.Anonymous, config.anonymousRateLimit, redis);
    for (const [operationKey, limit] of Object.entries(config.routeRateLimits))
      this.operations.set(operationKey, new RequestBudget(`${RateBudget.Operation}:${operationKey}`, limit, redis));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const operation = apiOperationOf(request.method, request.routeOptions.url);
    if (!operation) return true;
    const caller = request.actor ?? request.tokenHolder;
    const holder = caller ? budgetHolderOf(caller) : `ip:${request.ip}`;
    await this.spend(caller ? this.client : this.anonymous, holder);
    await this.spend(this.operations.get(operation.key), holder);
    return true;
  }

  private async spend(budget: RequestBudget | null | undefined, holder: string): Promise<void> {
    if (!budget) return;
    const verdict = await budget.spend(holder);
    if (!verdict.allowed) throw ApiError.tooManyRequests(verdict.retryAfterSeconds);
  }
}

/**
 * Whose budget an authenticated request spends. Every device token has its own, logged in or not:
 * anyone can create anonymous tokens, and a shared budget would let one client starve every other
 * device (the response cache may still share anonymous answers; that is no budget).
 */
export function budgetHolderOf(actor: Actor): string {
  return actor.kind === 'api_user' ? `user:${actor.userId}` : `device:${actor.deviceTokenId}`;
}
