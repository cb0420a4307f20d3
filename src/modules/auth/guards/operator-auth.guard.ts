import { CanActivate, ExecutionContext, Injectable, OnModuleDestroy, UnauthorizedException } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-http-bearer';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CommonException, isOperatorUrl, OPERATOR_PUBLIC, OPERATOR_SIGNED_IN, OperatorActor, operatorRouteOf } from '@tessera/http';
import { AuthException } from '../auth.exceptions';
import { OperatorSessionService } from '../operator/operator-session.service';

export const OPERATOR_BEARER = 'operator-bearer';

@Injectable()
export class OperatorBearerStrategy extends PassportStrategy(Strategy, OPERATOR_BEARER) implements OnModuleDestroy {
  /** Registered under a name of this instance too, as the interface strategies are (bearer.strategies.ts). */
  readonly instanceName = `${OPERATOR_BEARER}#${randomUUID()}`;

  constructor(private readonly sessions: OperatorSessionService) {
    super();
    passport.use(this.instanceName, this as unknown as passport.Strategy);
  }

  async validate(token: string): Promise<OperatorActor | false> {
    return (await this.sessions.authenticate(token)) ?? false;
  }

  onModuleDestroy(): void {
    passport.unuse(this.instanceName);
  }
}

/**
 * Gives every operator API handler its signed-in operator and holds it to the permission the handler
 * declared (`@OperatorAccess`): 401 without a live sign-in, 403 when none of the operator's roles
 * grants the permission. Routes outside the operator API are the interface guard's.
 */
@Injectable()
export class OperatorAuthGuard implements CanActivate {
  private readonly bearer: CanActivate;

  constructor(strategy: OperatorBearerStrategy) {
    this.bearer = new (AuthGuard(strategy.instanceName))();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const url = request.routeOptions.url;
    const route = operatorRouteOf(request.method, url);
    // Fail closed: a handler under the operator prefix that declared nothing is refused, not let through.
    if (!route) {
      if (isOperatorUrl(url)) throw CommonException.operationNotAllowed(`${request.method} ${url} declares no operator permission`);
      return true;
    }
    if (route.access === OPERATOR_PUBLIC) return true;
    try {
      await this.bearer.canActivate(context);
    } catch (error) {
      throw error instanceof UnauthorizedException
        ? AuthException.invalidToken('Sign in to the operator API first (POST /admin/api/v1/sessions)')
        : error;
    }
    const operator = (request as unknown as { user: OperatorActor }).user;
    request.operator = operator;
    if (route.access !== OPERATOR_SIGNED_IN && !operator.permissions.has(route.access))
      throw CommonException.operationNotAllowed(`None of your roles grants ${route.access}, which ${route.key} needs`);
    return true;
  }
}
