import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Repository } from 'typeorm';
import { decoyPasswordHash, hashSecret, newId, newSecret, verifyPassword, within } from '@tessera/core';
import { ApiInterface, CommonException, DeviceActor } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed } from '../../platform/change-feed';
import { CustomerAccountService, CustomerState } from '../customers';
import { CardLookupService } from '../loyalty';
import { AuthException } from './auth.exceptions';
import { AuthTokenType, CustomerAuthTokenService, IssuedAuthToken } from './customer-auth-token.service';
import { DeviceTokenEntity } from './entities/device-token.entity';
import { ExternalApplicationService } from './external-application.service';
import { LoginThrottleService } from './login-throttle.service';
import { overridesFromJson, overridesSubquery, PermittedActor } from './permissions/application-permission.service';
import { OperationOverrides } from './permissions/operation-permissions';
import { TokenActorCache } from './token-actor-cache';

/** Besides the token row itself and its customer's state, what a device actor is read from. */
const DEVICE_TOKEN_SOURCE_TABLES = ['external_applications', 'application_operation_overrides'];

export interface DeviceInput {
  device_id: string;
  device_system: string;
  device_name: string;
  device_type: string;
}

export interface SetupInput {
  language_id: string;
  allowed_gps: boolean;
  allowed_notifications: boolean;
}

export interface NewDeviceToken {
  device: DeviceInput;
  setup: SetupInput;
  external_application_id: string;
  push_token?: string;
}

export type CustomerLoginType = 'email' | 'phone' | 'card';

/** Device tokens of the Customer interface and the customer sessions bound to them. */
@Injectable()
export class DeviceTokenService {
  private readonly actors: TokenActorCache<PermittedActor<DeviceActor>>;

  constructor(
    @InjectRepository(DeviceTokenEntity) private readonly tokens: Repository<DeviceTokenEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applications: ExternalApplicationService,
    private readonly customers: CustomerAccountService,
    private readonly cards: CardLookupService,
    private readonly throttle: LoginThrottleService,
    private readonly authTokens: CustomerAuthTokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.actors = new TokenActorCache(changes, 'device_tokens', DEVICE_TOKEN_SOURCE_TABLES, (actor) => actor.customerId);
  }

  /** A new token; a live token for the same device and application is revoked in the same transaction. */
  async create(input: NewDeviceToken): Promise<string> {
    const application = await this.applications.requireActive(input.external_application_id, ApiInterface.Customer);
    const tokenId = newSecret();
    await this.replaceLiveToken(application.id, tokenId, input);
    return tokenId;
  }

  /** The actor behind a live token, with its application's permission overrides, in one query. */
  async authenticate(tokenId: string): Promise<PermittedActor<DeviceActor> | null> {
    const tokenHash = hashSecret(tokenId);
    return this.actors.resolve(tokenHash, async () => {
      const token = await this.findLive(tokenHash);
      if (!token) return null;
      return {
        validUntil: token.validUntil,
        actor: {
          kind: 'device',
          interface: ApiInterface.Customer,
          tokenId,
          deviceTokenId: token.id,
          applicationId: token.applicationId,
          customerId: token.customerId,
          operationOverrides: token.operationOverrides,
        },
      };
    });
  }

  async updateSetup(actor: DeviceActor, pathTokenId: string, setup: SetupInput, pushToken: string | undefined): Promise<void> {
    const token = this.requireOwnToken(actor, pathTokenId);
    await this.tokens.update(
      { id: token.deviceTokenId },
      {
        languageId: setup.language_id,
        allowedGps: setup.allowed_gps,
        allowedNotifications: setup.allowed_notifications,
        // PUT semantics: an omitted push token is cleared.
        pushToken: pushToken ?? null,
        lastChange: new Date(),
      },
    );
  }

  async loginCustomer(actor: DeviceActor, pathTokenId: string, type: CustomerLoginType, value: string, password: string): Promise<string> {
    const token = this.requireOwnToken(actor, pathTokenId);
    const scope = `customer:${token.applicationId}`;
    const login = `${type}:${value}`;
    await this.throttle.assertNotLocked(scope, login);
    const account = type === 'card' ? await this.findAccountByCard(value) : await this.customers.findForLogin(type, value);
    const passwordOk = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
    if (!account || !account.active || !account.passwordHash || !passwordOk) {
      await this.throttle.recordFailure(scope, login);
      throw AuthException.customerCredentialsRejected();
    }
    await this.throttle.clear(scope, login);
    await this.bindCustomer(token.deviceTokenId, account.customerId);
    return account.customerId;
  }

  async logoutCustomer(actor: DeviceActor, pathTokenId: string): Promise<void> {
    const token = this.requireOwnToken(actor, pathTokenId);
    await this.bindCustomer(token.deviceTokenId, null);
  }

  async issueAuthToken(
    actor: DeviceActor,
    pathTokenId: string,
    targetApplicationId: string,
    type: AuthTokenType,
  ): Promise<IssuedAuthToken> {
    const token = this.requireOwnToken(actor, pathTokenId);
    if (!token.customerId) throw CommonException.customerNotLoggedIn();
    return this.authTokens.issue(token.customerId, token.applicationId, targetApplicationId, type);
  }

  async loginWithAuthToken(
    actor: DeviceActor,
    pathTokenId: string,
    applicationId: string,
    authToken: string,
    tokenRequestId: string,
  ): Promise<string> {
    const token = this.requireOwnToken(actor, pathTokenId);
    if (applicationId !== token.applicationId) throw AuthException.applicationNotAllowed(applicationId);
    const customerId = await this.authTokens.redeem(applicationId, authToken, tokenRequestId);
    const account = await this.customers.findForLogin('id', customerId);
    if (!account?.active) throw AuthException.authTokenRejected();
    await this.bindCustomer(token.deviceTokenId, customerId);
    return customerId;
  }

  /** Refuses (403) a login on a token whose application was deactivated since the token was made. */
  async assertCanLogIn(actor: DeviceActor): Promise<void> {
    await this.applications.requireActive(actor.applicationId, ApiInterface.Customer);
  }

  /**
   * Logs a customer that this very request registered in on the caller's own token, in the caller's
   * transaction; the caller checked `assertCanLogIn` before opening it.
   */
  async logInRegisteredCustomer(actor: DeviceActor, customerId: string, manager?: EntityManager): Promise<void> {
    await within(this.tokens, manager).update({ id: actor.deviceTokenId }, { customerId, lastChange: new Date() });
  }

  async loginTestCustomer(actor: DeviceActor, pathTokenId: string): Promise<string> {
    const token = this.requireOwnToken(actor, pathTokenId);
    const account = this.config.testCustomerId ? await this.customers.findForLogin('id', this.config.testCustomerId) : null;
    if (!account?.active) {
      throw CommonException.operationNotAllowed('No active test customer is configured for this project');
    }
    await this.bindCustomer(token.deviceTokenId, account.customerId);
    return account.customerId;
  }

  /** The push tokens of the customer's live device tokens whose device allows notifications. */
  async pushTokensOf(customerId: string): Promise<string[]> {
    const rows: { push_token: string }[] = await this.dataSource.query(
      `SELECT DISTINCT push_token FROM device_tokens
        WHERE customer_id = $1 AND revoked_at IS NULL AND allowed_notifications AND push_token IS NOT NULL
        ORDER BY push_token`,
      [customerId],
    );
    return rows.map((row) => row.push_token);
  }

  private async replaceLiveToken(applicationId: string, tokenId: string, input: NewDeviceToken): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Serialises simultaneous requests for one device, which would otherwise race on the live-token index.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`device-token:${applicationId}:${input.device.device_id}`]);
      await manager.update(
        DeviceTokenEntity,
        { applicationId, deviceId: input.device.device_id, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      await manager.insert(DeviceTokenEntity, {
        id: newId(),
        tokenHash: hashSecret(tokenId),
        applicationId,
        deviceId: input.device.device_id,
        deviceSystem: input.device.device_system,
        deviceName: input.device.device_name,
        deviceType: input.device.device_type,
        languageId: input.setup.language_id,
        allowedGps: input.setup.allowed_gps,
        allowedNotifications: input.setup.allowed_notifications,
        pushToken: input.push_token ?? null,
      });
    });
  }

  private async findAccountByCard(cardNumber: string) {
    const customerId = await this.cards.findActiveCardOwner(cardNumber);
    return customerId ? this.customers.findForLogin('id', customerId) : null;
  }

  private async bindCustomer(deviceTokenId: string, customerId: string | null): Promise<void> {
    await this.tokens.update({ id: deviceTokenId }, { customerId, lastChange: new Date() });
  }

  /**
   * The token in the path must be the caller's own token (the guard has just checked it is live);
   * any other is reported as not found.
   */
  private requireOwnToken(actor: DeviceActor, pathTokenId: string): DeviceActor {
    if (pathTokenId !== actor.tokenId) throw CommonException.recordNotFound('tokens', pathTokenId);
    return actor;
  }

  /**
   * The live token, of an active application (a removed application's tokens are refused). A customer
   * deleted or deactivated since logging in on it is logged out at once: the token is unbound and acts
   * as an anonymous device token from this request on.
   */
  private async findLive(tokenHash: string): Promise<LiveDeviceToken | null> {
    const [row] = await this.dataSource.query<LiveDeviceTokenRow[]>(
      `SELECT t.device_token_id, t.external_application_id, t.customer_id, t.created_at, c.state AS customer_state,
              ${overridesSubquery('t.external_application_id')} AS overrides
         FROM device_tokens t
         JOIN external_applications a ON a.external_application_id = t.external_application_id AND a.state = 1
         LEFT JOIN customers c ON c.customer_id = t.customer_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
      [tokenHash],
    );
    if (!row) return null;
    const maxAge = this.config.deviceTokenMaxAgeSeconds;
    const validUntil = maxAge > 0 ? new Date(row.created_at).getTime() + maxAge * 1000 : null;
    if (validUntil !== null && validUntil <= Date.now()) return null;
    let customerId: string | null = row.customer_id;
    if (customerId && row.customer_state !== CustomerState.Active) {
      await this.tokens.update({ id: row.device_token_id, customerId }, { customerId: null, lastChange: new Date() });
      customerId = null;
    }
    return {
      id: row.device_token_id,
      applicationId: row.external_application_id,
      validUntil,
      customerId,
      operationOverrides: overridesFromJson(row.overrides),
    };
  }
}

interface LiveDeviceTokenRow {
  device_token_id: string;
  external_application_id: string;
  customer_id: string | null;
  created_at: Date;
  customer_state: CustomerState | null;
  overrides: Record<string, boolean> | null;
}

interface LiveDeviceToken {
  id: string;
  applicationId: string;
  /** Epoch ms after which the token is no longer valid, or null when tokens do not expire. */
  validUntil: number | null;
  customerId: string | null;
  operationOverrides: OperationOverrides;
}
