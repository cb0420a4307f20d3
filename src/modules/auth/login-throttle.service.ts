import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { AuthException } from './auth.exceptions';
import { LoginFailureEntity } from './entities/login-failure.entity';

/**
 * Counts failed logins per login (in a scope such as the API-user login or one customer app) and
 * locks the login for a while once the configured number is reached. Kept in the database so the
 * lock holds across server instances and restarts.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectRepository(LoginFailureEntity) private readonly failures: Repository<LoginFailureEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertNotLocked(scope: string, login: string): Promise<void> {
    const record = await this.failures.findOne({ where: { scope, login: login.toLowerCase() } });
    const lockedFor = record?.lockedUntil ? record.lockedUntil.getTime() - Date.now() : 0;
    if (lockedFor > 0) throw AuthException.loginLocked(Math.ceil(lockedFor / 1000));
  }

  async recordFailure(scope: string, login: string): Promise<void> {
    await this.failures.query(
      `INSERT INTO login_failures (scope, login, failures, last_failure) VALUES ($1, $2, 1, now())
       ON CONFLICT (scope, login) DO UPDATE SET
         failures = CASE WHEN login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now()
                         THEN 1 ELSE login_failures.failures + 1 END,
         locked_until = CASE
           WHEN (CASE WHEN login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now()
                      THEN 1 ELSE login_failures.failures + 1 END) >= $3
           THEN now() + make_interval(secs => $4) ELSE NULL END,
         last_failure = now()`,
      [scope, login.toLowerCase(), this.config.loginMaxFailures, this.config.loginLockSeconds],
    );
  }

  async clear(scope: string, login: string): Promise<void> {
    await this.failures.delete({ scope, login: login.toLowerCase() });
  }
}
