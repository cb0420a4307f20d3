import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import {
  Actor,
  ApiInterface,
  ApiOperation,
  apiOperationOf,
  CommonException,
  PUBLIC_METADATA,
  REQUIRES_CUSTOMER_METADATA,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { LiveSettings } from '../../../platform/live-settings';
import { AuthException } from '../auth.exceptions';
import { ApplicationPermissionService, PermittedActor } from '../permissions/application-permission.service';
import { operationPermitted } from '../permissions/operation-permissions';
import { CustomerBearerStrategy, EnterpriseBearerStrategy } from './bearer.strategies';

/**
 * Public operations that name their application in the body: that application's permissions apply.
 * The field is the one the operation's body defines.
 */
const NAMED_APPLICATION_FIELDS: Readonly<Record<string, string>> = {
  'POST /tokens': 'external_application_id',
  'POST /users/actions/login': 'user_external_application_id',
};

/**
 * Gives every handler an actor: an API user on the Enterprise interface, a device token (with or
 * without a logged-in customer) on the Customer interface. Handlers marked public skip it; handlers
 * that work on customer data require a logged-in customer. Operations switched off for the project,
 * and operations the caller's application is not permitted, are refused here.
 */
@Injectable()
export class InterfaceAuthGuard implements CanActivate {
  private readonly enterprise: CanActivate;
  private readonly customer: CanActivate;
  private disabled: Set<string>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly enterpriseStrategy: EnterpriseBearerStrategy,
    private readonly customerStrategy: CustomerBearerStrategy,
    private readonly permissions: ApplicationPermissionService,
    live: LiveSettings,
  ) {
    this.disabled = new Set(config.disabledOperations);
    live.onChange(['disabledOperations'], () => (this.disabled = new Set(config.disabledOperations)));
    // This application's own strategy instances, not whichever instance registered the shared name last.
    this.enterprise = new (AuthGuard(enterpriseStrategy.instanceName))();
    this.customer = new (AuthGuard(customerStrategy.instanceName))();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // The interface is the one whose base path the matched route sits under; other routes (health, docs) need no actor.
    const operation = apiOperationOf(request.method, request.routeOptions.url);
    if (!operation) return true;
    const { apiInterface } = operation;
    const targets = [context.getHandler(), context.getClass()];
    this.assertOperationEnabled(operation);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets)) {
      await this.assertNamedApplicationPermitted(request, apiInterface, operation);
      request.tokenHolder = await this.tokenHolderOf(request, apiInterface);
      return true;
    }

    const guard = apiInterface === ApiInterface.Enterprise ? this.enterprise : this.customer;
    try {
      await guard.canActivate(context);
    } catch (error) {
      throw error instanceof UnauthorizedException ? AuthException.invalidToken() : error;
    }
    const actor = (request as unknown as { user: PermittedActor }).user;
    // Overrides came with the token's own query, so a change by the operator counts from the next request.
    if (!operationPermitted(apiInterface, operation.key, actor.operationOverrides)) throw operationNotPermitted(operation.key);
    request.actor = actor;
    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_CUSTOMER_METADATA, targets)) {
      if (actor.kind === 'device' && !actor.customerId) throw CommonException.customerNotLoggedIn();
    }
    return true;
  }

  /**
   * Whom the bearer token of a public call names, if it is valid, so its rate limits are that caller's own
   * and not those of everyone behind the same IP. A missing or invalid token keeps the call anonymous.
   */
  private async tokenHolderOf(request: FastifyRequest, apiInterface: ApiInterface): Promise<Actor | undefined> {
    const header = request.headers.authorization;
    if (!header || !/^bearer /i.test(header)) return undefined;
    const token = header.slice('bearer '.length).trim();
    if (!token) return undefined;
    const holder =
      apiInterface === ApiInterface.Enterprise
        ? await this.enterpriseStrategy.validate(token)
        : await this.customerStrategy.validate(token);
    return holder || undefined;
  }

  private assertOperationEnabled(operation: ApiOperation): void {
    if (this.disabled.has(operation.key)) {
      throw CommonException.operationNotAllowed(`${operation.key} is switched off for this project`);
    }
  }

  private async assertNamedApplicationPermitted(
    request: FastifyRequest,
    apiInterface: ApiInterface,
    operation: ApiOperation,
  ): Promise<void> {
    const field = NAMED_APPLICATION_FIELDS[operation.key];
    const body = request.body;
    if (!field || !body || typeof body !== 'object' || Array.isArray(body)) return;
    const applicationId = (body as Record<string, unknown>)[field];
    if (!(await this.permissions.permitsNamedApplication(applicationId, apiInterface, operation.key)))
      throw operationNotPermitted(operation.key);
  }
}

/** The 403 for an operation the calling application's permissions leave out (also the API documents' example). */
export function operationNotPermitted(operationKey: string): CommonException {
  return CommonException.operationNotAllowed(`This application is not permitted to call ${operationKey}`);
}
