import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { Repository } from 'typeorm';
import { hashSecret, newId, newSecret } from '@tessera/core';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { AuthException } from './auth.exceptions';
import { CustomerAuthTokenEntity } from './entities/customer-auth-token.entity';
import { ExternalApplicationEntity } from './entities/external-application.entity';

export enum AuthTokenType {
  Alphanumeric = 1,
  Numeric = 2,
}

export interface IssuedAuthToken {
  authenticationToken: string;
  tokenRequestId: string;
  validTo: Date;
}

const NUMERIC_TOKEN_DIGITS = 8;

/** Short-lived, single-use tokens that carry a customer's sign-in from one application to another. */
@Injectable()
export class CustomerAuthTokenService {
  constructor(
    @InjectRepository(CustomerAuthTokenEntity) private readonly tokens: Repository<CustomerAuthTokenEntity>,
    @InjectRepository(ExternalApplicationEntity) private readonly applications: Repository<ExternalApplicationEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly customers: CustomerAccountService,
  ) {}

  /** A token for the customer named in a request body, which must exist (400 naming `customer_id`). */
  async issueForNamedCustomer(
    customerId: string,
    issuingApplicationId: string | null,
    targetApplicationId: string,
    type: AuthTokenType,
  ): Promise<IssuedAuthToken> {
    await this.customers.requireCustomer(customerId, { field: 'customer_id' });
    return this.issue(customerId, issuingApplicationId, targetApplicationId, type);
  }

  async issue(
    customerId: string,
    issuingApplicationId: string | null,
    targetApplicationId: string,
    type: AuthTokenType,
  ): Promise<IssuedAuthToken> {
    const target = await this.applications.findOne({ where: { id: targetApplicationId, state: 1 } });
    if (!target) throw AuthException.applicationNotAllowed(targetApplicationId);
    const authenticationToken =
      type === AuthTokenType.Numeric ? Array.from({ length: NUMERIC_TOKEN_DIGITS }, () => randomInt(10)).join('') : newSecret();
    const tokenRequestId = newId();
    const validTo = new Date(Date.now() + this.config.authTokenLifetimeSeconds * 1000);
    await this.tokens.insert({
      id: tokenRequestId,
      tokenHash: hashSecret(authenticationToken),
      customerId,
      issuingApplicationId,
      targetApplicationId,
      tokenType: type,
      expiresAt: validTo,
    });
    return { authenticationToken, tokenRequestId, validTo };
  }

  /** Uses up a token issued for `targetApplicationId` and returns its customer; refused tokens change nothing. */
  async redeem(targetApplicationId: string, token: string, tokenRequestId: string): Promise<string> {
    const rows: { customer_id: string }[] = await this.tokens.query(
      `UPDATE customer_auth_tokens SET used_at = now()
        WHERE token_request_id = $1 AND token_hash = $2 AND target_application_id = $3
          AND used_at IS NULL AND expires_at > now()
        RETURNING customer_id`,
      [tokenRequestId, hashSecret(token), targetApplicationId],
    );
    // TypeORM returns [rows, count] for UPDATE ... RETURNING on PostgreSQL.
    const updated = Array.isArray(rows[0]) ? (rows[0] as { customer_id: string }[]) : rows;
    if (updated.length === 0) throw AuthException.authTokenRejected();
    return updated[0].customer_id;
  }
}
