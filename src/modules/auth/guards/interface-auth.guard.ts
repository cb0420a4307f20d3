import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import {
  Actor,
  ApiInterface,
  apiOperationOf,
  CommonException,
  INTERFACE_METADATA,
  PUBLIC_METADATA,
  REQUIRES_CUSTOMER_METADATA,
} from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { AuthException } from '../auth.exceptions';
import { CustomerBearerStrategy, EnterpriseBearerStrategy } from './bearer.strategies';

/**
 * Gives every handler an actor: an API user on the Enterprise interface, a device token (with or
 * without a logged-in customer) on the Customer interface. Handlers marked public skip it; handlers
 * that work on customer data require a logged-in customer. Switched-off operations are refused here.
 */
@Injectable()
export class InterfaceAuthGuard implements CanActivate {
  private readonly enterprise: CanActivate;
  private readonly customer: CanActivate;
  private readonly disabled: Set<string>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
    enterpriseStrategy: EnterpriseBearerStrategy,
    customerStrategy: CustomerBearerStrategy,
  ) {
    this.disabled = new Set(config.disabledOperations);
    // This application's own strategy instances, not whichever instance registered the shared name last.
    this.enterprise = new (AuthGuard(enterpriseStrategy.instanceName))();
    this.customer = new (AuthGuard(customerStrategy.instanceName))();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const apiInterface = this.reflector.getAllAndOverride<ApiInterface | undefined>(INTERFACE_METADATA, targets);
    if (!apiInterface) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    this.assertOperationEnabled(request);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets)) return true;

    const guard = apiInterface === ApiInterface.Enterprise ? this.enterprise : this.customer;
    try {
      await guard.canActivate(context);
    } catch (error) {
      throw error instanceof UnauthorizedException ? AuthException.invalidToken() : error;
    }
    const actor = (request as unknown as { user: Actor }).user;
    request.actor = actor;
    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_CUSTOMER_METADATA, targets)) {
      if (actor.kind === 'device' && !actor.customerId) throw CommonException.customerNotLoggedIn();
    }
    return true;
  }

  private assertOperationEnabled(request: FastifyRequest): void {
    if (this.disabled.size === 0) return;
    const operation = apiOperationOf(request.method, request.routeOptions.url);
    if (operation && this.disabled.has(operation.key)) {
      throw CommonException.operationNotAllowed(`${operation.key} is switched off for this project`);
    }
  }
}
