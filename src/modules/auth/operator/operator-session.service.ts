import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { decoyPasswordHash, hashSecret, newId, newSecret, verifyPassword } from '@tessera/core';
import { OperatorActor, OperatorPermission } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { ChangeFeed } from '../../../platform/change-feed';
import { ApiUserService } from '../api-user.service';
import { AuthException } from '../auth.exceptions';
import { ApiUserEntity } from '../entities/api-user.entity';
import { OperatorSessionEntity } from '../entities/operator-session.entity';
import { LoginThrottleService } from '../login-throttle.service';
import { TokenActorCache } from '../token-actor-cache';
import { AuditActor, AuditTrail } from '../../audit';
import { OperatorSecondFactorService } from './operator-second-factor.service';

/** Failed sign-ins lock the login as on the Enterprise interface, but are counted apart from it. */
const THROTTLE_SCOPE = 'operator';
/** A change to any of these may change who an operator is or what they may do: every cached operator goes. */
const OPERATOR_SOURCE_TABLES = ['api_users', 'user_roles', 'user_role_permissions', 'api_user_role_records'];

export interface OperatorSignIn {
  login?: string;
  password?: string;
  totpCode?: string;
  /** What the client says it is (`console`), kept for the audit trail. */
  client?: string;
  /** The operator API operation signing in, for the audit trail. */
  operation: string;
}

export interface OperatorSignedIn {
  token: string;
  expiresAt: Date;
  user: ApiUserEntity;
  permissions: OperatorPermission[];
}

interface SessionRow {
  session_id: string;
  user_id: string;
  login: string;
  client: string;
  expires_at: Date;
  permissions: OperatorPermission[] | null;
}

/** Sign-in to the operator API with an API user's login, password and (when the user set one) a TOTP code. */
@Injectable()
export class OperatorSessionService {
  private readonly actors: TokenActorCache<OperatorActor>;

  constructor(
    @InjectRepository(OperatorSessionEntity) private readonly sessions: Repository<OperatorSessionEntity>,
    private readonly users: ApiUserService,
    private readonly secondFactor: OperatorSecondFactorService,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.actors = new TokenActorCache(changes, 'operator_sessions', OPERATOR_SOURCE_TABLES, () => null);
  }

  async signIn(input: OperatorSignIn): Promise<OperatorSignedIn> {
    const login = input.login ?? '';
    await this.throttle.assertNotLocked(THROTTLE_SCOPE, login);
    const user = login ? await this.users.findActiveByLogin(login) : null;
    // Verify against a decoy when the login is unknown, so response time does not reveal it.
    const passwordOk = await verifyPassword(input.password ?? '', user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(THROTTLE_SCOPE, login);
      throw AuthException.invalidCredentials();
    }
    if (user.totpConfirmedAt) {
      // A wrong or missing code counts as a failed sign-in, so codes cannot be guessed more often than passwords.
      if (!input.totpCode) throw AuthException.secondFactorRequired();
      if (!(await this.secondFactor.verify(user.id, input.totpCode))) {
        await this.throttle.recordFailure(THROTTLE_SCOPE, login);
        throw AuthException.secondFactorRejected();
      }
    }
    const permissions = await this.permissionsOf(user.id);
    if (permissions.length === 0) {
      await this.throttle.recordFailure(THROTTLE_SCOPE, login);
      throw AuthException.noOperatorRole();
    }
    await this.throttle.clear(THROTTLE_SCOPE, login);
    const token = newSecret();
    const expiresAt = new Date(Date.now() + this.config.operatorSessionLifetimeSeconds * 1000);
    const client = input.client ?? 'api';
    const actor: AuditActor = {
      channel: client === 'console' ? 'console' : 'operator_api',
      userId: user.id,
      name: user.login,
      operation: input.operation,
    };
    const sessionId = newId();
    await this.audit.audited(actor, async (m) => {
      await m.insert(OperatorSessionEntity, { id: sessionId, tokenHash: hashSecret(token), userId: user.id, client, expiresAt });
      return {
        value: undefined,
        targetType: 'operator_session',
        targetId: sessionId,
        after: { user_id: user.id, client, expires_at: expiresAt },
      };
    });
    user.lastLogin = await this.users.recordLogin(user.id);
    return { token, expiresAt, user, permissions };
  }

  /** The operator behind a token, with every permission of their active roles; null when it is unknown, expired or revoked. */
  async authenticate(token: string): Promise<OperatorActor | null> {
    const tokenHash = hashSecret(token);
    return this.actors.resolve(tokenHash, async () => {
      const [session] = await this.sessions.query<SessionRow[]>(
        `SELECT s.session_id, s.user_id, u.login, s.client, s.expires_at,
                (SELECT array_agg(DISTINCT p.permission)
                   FROM api_user_role_records ur
                   JOIN user_roles r ON r.user_role_id = ur.user_role_id AND r.state = 1
                   JOIN user_role_permissions p ON p.user_role_id = r.user_role_id
                  WHERE ur.user_id = u.user_id) AS permissions
           FROM operator_sessions s
           JOIN api_users u ON u.user_id = s.user_id AND u.state = 1
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
        [tokenHash],
      );
      const validUntil = session ? new Date(session.expires_at).getTime() : 0;
      if (!session || validUntil <= Date.now()) return null;
      return {
        validUntil,
        actor: {
          kind: 'operator',
          userId: session.user_id,
          login: session.login,
          sessionId: session.session_id,
          permissions: new Set(session.permissions ?? []),
          client: session.client,
        },
      };
    });
  }

  async signOut(actor: AuditActor, operator: OperatorActor): Promise<void> {
    await this.audit.audited(actor, async (m) => {
      await m.update(OperatorSessionEntity, { id: operator.sessionId }, { revokedAt: new Date() });
      return { value: undefined, targetType: 'operator_session', targetId: operator.sessionId, after: { revoked: true } };
    });
  }

  async permissionsOf(userId: string): Promise<OperatorPermission[]> {
    const rows = await this.sessions.query<{ permission: OperatorPermission }[]>(
      `SELECT DISTINCT p.permission
         FROM api_user_role_records ur
         JOIN user_roles r ON r.user_role_id = ur.user_role_id AND r.state = 1
         JOIN user_role_permissions p ON p.user_role_id = r.user_role_id
        WHERE ur.user_id = $1
        ORDER BY p.permission`,
      [userId],
    );
    return rows.map((row) => row.permission);
  }
}
