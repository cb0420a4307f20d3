import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { decoyPasswordHash, hashSecret, newId, newSecret, verifyPassword } from '@tessera/core';
import { ApiInterface, ApiUserActor } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed } from '../../platform/change-feed';
import { ApiUserService } from './api-user.service';
import { AuthException } from './auth.exceptions';
import { ApiUserEntity } from './entities/api-user.entity';
import { ApiUserSessionEntity } from './entities/api-user-session.entity';
import { ExternalApplicationService } from './external-application.service';
import { LoginThrottleService } from './login-throttle.service';
import { overridesFromJson, overridesSubquery, PermittedActor } from './permissions/application-permission.service';
import { TokenActorCache } from './token-actor-cache';

const THROTTLE_SCOPE = 'api_user';
/** Besides the session row itself, what an API user's actor is read from. */
const SESSION_SOURCE_TABLES = ['api_users', 'external_applications', 'application_operation_overrides'];

export interface LoginInput {
  user_external_application_id?: string;
  login?: string;
  password?: string;
}

export interface EnterpriseLogin {
  bearerToken: string;
  validTo: Date;
  user: ApiUserEntity;
}

/** Bearer-token sessions of API users on the Enterprise interface. */
@Injectable()
export class EnterpriseSessionService {
  private readonly actors: TokenActorCache<PermittedActor<ApiUserActor>>;

  constructor(
    @InjectRepository(ApiUserSessionEntity) private readonly sessions: Repository<ApiUserSessionEntity>,
    private readonly users: ApiUserService,
    private readonly applications: ExternalApplicationService,
    private readonly throttle: LoginThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.actors = new TokenActorCache(changes, 'api_user_sessions', SESSION_SOURCE_TABLES, () => null);
  }

  async login(input: LoginInput): Promise<EnterpriseLogin> {
    const application = await this.applications.requireActive(input.user_external_application_id, ApiInterface.Enterprise);
    const login = input.login ?? '';
    await this.throttle.assertNotLocked(THROTTLE_SCOPE, login);
    const user = login ? await this.users.findActiveByLogin(login) : null;
    // Verify against a decoy when the login is unknown, so response time does not reveal it.
    const passwordOk = await verifyPassword(input.password ?? '', user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(THROTTLE_SCOPE, login);
      throw AuthException.invalidCredentials();
    }
    await this.throttle.clear(THROTTLE_SCOPE, login);
    const bearerToken = newSecret();
    const validTo = new Date(Date.now() + this.config.tokenLifetimeSeconds * 1000);
    await this.sessions.insert({
      id: newId(),
      tokenHash: hashSecret(bearerToken),
      userId: user.id,
      applicationId: application.id,
      expiresAt: validTo,
    });
    user.lastLogin = await this.users.recordLogin(user.id);
    return { bearerToken, validTo, user };
  }

  /**
   * The actor behind a bearer token, with its application's permission overrides read in the same
   * query; null when the token is unknown, expired or revoked, or its application is no longer active.
   */
  async authenticate(bearerToken: string): Promise<PermittedActor<ApiUserActor> | null> {
    const tokenHash = hashSecret(bearerToken);
    return this.actors.resolve(tokenHash, async () => {
      const [session] = await this.sessions.query<SessionRow[]>(
        `SELECT s.session_id, s.user_id, u.store_id, s.external_application_id, s.expires_at, ${overridesSubquery('s.external_application_id')} AS overrides
           FROM api_user_sessions s
           JOIN api_users u ON u.user_id = s.user_id
           JOIN external_applications a ON a.external_application_id = s.external_application_id AND a.state = 1
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
        [tokenHash],
      );
      const validUntil = session ? new Date(session.expires_at).getTime() : 0;
      if (!session || validUntil <= Date.now()) return null;
      return {
        validUntil,
        actor: {
          kind: 'api_user',
          interface: ApiInterface.Enterprise,
          userId: session.user_id,
          applicationId: session.external_application_id,
          sessionId: session.session_id,
          storeId: session.store_id,
          operationOverrides: overridesFromJson(session.overrides),
        },
      };
    });
  }

  /** Revokes `bearerToken`, which must be a live token of the calling user in the named application. */
  async logout(actor: ApiUserActor, applicationId: string, bearerToken: string): Promise<void> {
    await this.applications.requireActive(applicationId, ApiInterface.Enterprise);
    const session = await this.findLiveSession(bearerToken);
    if (!session || session.userId !== actor.userId || session.applicationId !== applicationId) {
      throw AuthException.tokenNotFound('bearer_token');
    }
    await this.sessions.update({ id: session.id }, { revokedAt: new Date() });
  }

  /** The user owning a live token, for systems that receive a token and want to know whose it is. */
  async verify(authToken: string): Promise<string> {
    const session = await this.findLiveSession(authToken);
    if (!session) throw AuthException.tokenNotFound('auth_token');
    return session.userId;
  }

  private async findLiveSession(bearerToken: string): Promise<ApiUserSessionEntity | null> {
    const session = await this.sessions.findOne({ where: { tokenHash: hashSecret(bearerToken), revokedAt: IsNull() } });
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    return session;
  }
}

interface SessionRow {
  session_id: string;
  user_id: string;
  store_id: string | null;
  external_application_id: string;
  expires_at: Date;
  overrides: Record<string, boolean> | null;
}
