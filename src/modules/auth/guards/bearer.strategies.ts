import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { ApiUserActor, DeviceActor } from '../../../../libs/http/src';
import { DeviceTokenService } from '../device-token.service';
import { EnterpriseSessionService } from '../enterprise-session.service';

export const ENTERPRISE_BEARER = 'enterprise-bearer';
export const CUSTOMER_BEARER = 'customer-bearer';

@Injectable()
export class EnterpriseBearerStrategy extends PassportStrategy(Strategy, ENTERPRISE_BEARER) {
  constructor(private readonly sessions: EnterpriseSessionService) {
    super();
  }

  async validate(token: string): Promise<ApiUserActor | false> {
    return (await this.sessions.authenticate(token)) ?? false;
  }
}

@Injectable()
export class CustomerBearerStrategy extends PassportStrategy(Strategy, CUSTOMER_BEARER) {
  constructor(private readonly deviceTokens: DeviceTokenService) {
    super();
  }

  async validate(token: string): Promise<DeviceActor | false> {
    return (await this.deviceTokens.authenticate(token)) ?? false;
  }
}
