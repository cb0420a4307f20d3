import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { getOptionsToken, ThrottlerGuard, ThrottlerLimitDetail, ThrottlerModuleOptions, ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { Actor, ApiError, apiOperationOf } from '@tessera/http';
import { AppConfig, RateLimit } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { BudgetThrottlerStorage } from './budget-throttler.storage';

/** The budgets every request is counted against (see `rateLimitThrottlers`). */
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
export class RateLimitGuard extends ThrottlerGuard {
  private readonly operationLimits: Record<string, RateLimit>;

  constructor(
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    // Explicit: the base class's own @Inject for this position would otherwise pick the module's default storage.
    @Inject(BudgetThrottlerStorage) storage: BudgetThrottlerStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(options, storage, reflector);
    this.operationLimits = config.routeRateLimits;
  }

  /**
   * The base guard's loop without its per-request metadata lookups (six per budget): no handler here
   * overrides a budget by decorator, so each budget's limit and window are the module's, read once.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    for (const throttler of this.throttlers) {
      const window = throttler.ttl as number;
      await this.handleRequest({
        context,
        limit: throttler.limit as number,
        ttl: window,
        throttler,
        blockDuration: window,
        getTracker: this.trackerOf,
        generateKey: this.keyOf,
      });
    }
    return true;
  }

  private readonly trackerOf = (request: Record<string, unknown>): Promise<string> => this.getTracker(request);
  private readonly keyOf = (context: ExecutionContext, tracker: string, name: string): string => this.generateKey(context, tracker, name);

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return !apiOperationOf(request.method, request.routeOptions.url);
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const request = props.context.switchToHttp().getRequest<FastifyRequest>();
    const named = callerOf(request) !== undefined;
    switch (props.throttler.name) {
      case RateBudget.Client:
        return named ? super.handleRequest(props) : true;
      case RateBudget.Anonymous:
        return named ? true : super.handleRequest(props);
      case RateBudget.Operation: {
        const operation = apiOperationOf(request.method, request.routeOptions.url);
        const limit = operation && this.operationLimits[operation.key];
        if (!limit) return true;
        const ttl = limit.windowSeconds * 1000;
        return super.handleRequest({ ...props, limit: limit.limit, ttl, blockDuration: ttl });
      }
      default:
        return super.handleRequest(props);
    }
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const fastifyRequest = request as unknown as FastifyRequest;
    const caller = callerOf(fastifyRequest);
    return caller ? budgetHolderOf(caller) : `ip:${fastifyRequest.ip}`;
  }

  /** The storage's budgets are per throttler already; within the operation budget, each operation counts apart. */
  protected override generateKey(context: ExecutionContext, tracker: string, throttlerName: string): string {
    if (throttlerName !== (RateBudget.Operation as string)) return tracker;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const operation = apiOperationOf(request.method, request.routeOptions.url);
    return `${operation?.key}:${tracker}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw ApiError.tooManyRequests(Math.max(1, detail.timeToBlockExpire));
  }
}

/**
 * Who a request counts against: the authenticated caller, or on a public operation the holder its valid
 * token names (so callers behind one IP do not share that operation's budget); none for an anonymous call.
 */
function callerOf(request: FastifyRequest): Actor | undefined {
  return request.actor ?? request.tokenHolder;
}

/**
 * Whose budget an authenticated request spends. Every device token has its own, logged in or not:
 * anyone can create anonymous tokens, and a shared budget would let one client starve every other
 * device (the response cache may still share anonymous answers; that is no budget).
 */
export function budgetHolderOf(actor: Actor): string {
  return actor.kind === 'api_user' ? `user:${actor.userId}` : `device:${actor.deviceTokenId}`;
}

/** The throttlers the module runs; a budget switched off is simply absent. */
export function rateLimitThrottlers(config: AppConfig): { name: RateBudget; ttl: number; limit: number }[] {
  const budgets: { name: RateBudget; ttl: number; limit: number }[] = [];
  if (config.rateLimit)
    budgets.push({ name: RateBudget.Client, ttl: config.rateLimit.windowSeconds * 1000, limit: config.rateLimit.limit });
  if (config.anonymousRateLimit) {
    budgets.push({
      name: RateBudget.Anonymous,
      ttl: config.anonymousRateLimit.windowSeconds * 1000,
      limit: config.anonymousRateLimit.limit,
    });
  }
  // Its limit and window come from the operation's own setting in handleRequest.
  budgets.push({ name: RateBudget.Operation, ttl: 1000, limit: Number.MAX_SAFE_INTEGER });
  return budgets;
}
