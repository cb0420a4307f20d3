import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-http-bearer';
import { randomUUID } from 'node:crypto';
import { ApiUserActor, DeviceActor } from '@tessera/http';
import { DeviceTokenService } from '../device-token.service';
import { EnterpriseSessionService } from '../enterprise-session.service';

export const ENTERPRISE_BEARER = 'enterprise-bearer';
export const CUSTOMER_BEARER = 'customer-bearer';

/**
 * Passport keeps strategies in one process-wide registry, where a second application instance in the
 * same process (tests, the bench) would replace the first one's strategy by name. Each strategy
 * therefore also registers under a name of its own instance, which its application's guard uses.
 */
function registerPerInstance(kind: string, strategy: object): string {
  const name = `${kind}#${randomUUID()}`;
  passport.use(name, strategy as passport.Strategy);
  return name;
}

@Injectable()
export class EnterpriseBearerStrategy extends PassportStrategy(Strategy, ENTERPRISE_BEARER) implements OnModuleDestroy {
  readonly instanceName: string;

  constructor(private readonly sessions: EnterpriseSessionService) {
    super();
    this.instanceName = registerPerInstance(ENTERPRISE_BEARER, this);
  }

  async validate(token: string): Promise<ApiUserActor | false> {
    return (await this.sessions.authenticate(token)) ?? false;
  }

  onModuleDestroy(): void {
    passport.unuse(this.instanceName);
  }
}

@Injectable()
export class CustomerBearerStrategy extends PassportStrategy(Strategy, CUSTOMER_BEARER) implements OnModuleDestroy {
  readonly instanceName: string;

  constructor(private readonly deviceTokens: DeviceTokenService) {
    super();
    this.instanceName = registerPerInstance(CUSTOMER_BEARER, this);
  }

  async validate(token: string): Promise<DeviceActor | false> {
    return (await this.deviceTokens.authenticate(token)) ?? false;
  }

  onModuleDestroy(): void {
    passport.unuse(this.instanceName);
  }
}
