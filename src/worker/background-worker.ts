import { DynamicModule, INestApplicationContext, LoggerService, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';
import { AuditRetentionModule } from '../modules/audit';
import { MessageDeliveryWorkerModule } from '../modules/messaging';
import { BirthdayRunWorkerModule } from '../modules/loyalty';
import { FiguresRollupWorkerModule } from '../modules/programme-figures';
import { StatusPeriodEndWorkerModule } from '../modules/purchases';
import { StamperModule } from '../modules/stamper';
import { SegmentEvaluationWorkerModule } from '../modules/segments';
import { WebhookDeliveryModule } from '../modules/webhooks';

/** The background work without the HTTP layer: webhook deliveries, queued messages, the figures rollup, the birthday rules, the status period end, dynamic segments and the audit trail's retention. */
@Module({})
class BackgroundWorkerModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: BackgroundWorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config.databaseConnectTimeoutSeconds),
        WebhookDeliveryModule,
        AuditRetentionModule,
        MessageDeliveryWorkerModule,
        FiguresRollupWorkerModule,
        BirthdayRunWorkerModule,
        StatusPeriodEndWorkerModule,
        // Birthday rules may grant stamps and reward vouchers, which the stamper and rewards modules book once loaded.
        StamperModule,
        SegmentEvaluationWorkerModule,
      ],
    };
  }
}

/**
 * Starts the background work in an application context of their own; it runs every `TESSERA_WEBHOOK_POLL`,
 * `TESSERA_MESSAGE_POLL`, `TESSERA_FIGURES_POLL`, `TESSERA_BIRTHDAY_POLL`, `TESSERA_STATUS_POLL` and `TESSERA_SEGMENT_POLL` as in a server, and stops (finishing the run under way)
 * when it closes.
 */
export function startBackgroundWorker(
  config: AppConfig,
  databaseUrl: string,
  logger: LoggerService | false,
): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(BackgroundWorkerModule.forRoot(config, databaseUrl), { logger, abortOnError: false });
}
