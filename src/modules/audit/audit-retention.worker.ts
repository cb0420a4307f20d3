import { Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { AuditModule } from './audit.module';
import { AuditTrail } from './audit-trail.service';

/** Retention is counted in days: an hourly purge keeps the trail within an hour of it. */
const PURGE_INTERVAL_MS = 3_600_000;

/**
 * Removes audit rows older than `TESSERA_AUDIT_RETENTION` once an hour on every server and worker;
 * with the setting at 0 the trail is kept for ever and nothing runs. Instances purging at once only
 * delete the same rows.
 */
@Injectable()
export class AuditRetentionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditRetention');
  private readonly runs: RepeatingRun;

  constructor(
    audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => audit.purgeExpired(), runFailureLog(this.logger, 'Audit retention run'));
    live.onChange(['auditRetentionSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.auditRetentionSeconds > 0 ? PURGE_INTERVAL_MS : 0);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}

/** The purge, for the server and the background worker (the CLI's AuditModule runs none). */
@Module({ imports: [AuditModule], providers: [AuditRetentionWorker] })
export class AuditRetentionModule {}
