import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ApiExceptionFilter, ApiValidationPipe } from '@tessera/http';
import { InterfaceRoutesModule } from './api/interface-routes.module';
import { OperatorRoutesModule } from './api/operator-routes.module';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/app-config.module';
import { DatabaseModule } from './database/database.module';
import { AuditRetentionModule } from './modules/audit';
import { AuthModule, InterfaceAuthGuard, OperatorAuthGuard } from './modules/auth';
import { HealthModule } from './modules/health';
import { ResponseCacheModule } from './platform/cache/response-cache.module';
import { RateLimitGuard } from './platform/rate-limit/rate-limit.guard';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module';
import { RedisModule } from './platform/redis/redis.module';
import { SetupModule } from './setup/setup.module';
import { BirthdayRunWorkerModule } from './modules/loyalty';
import { FiguresRollupWorkerModule } from './modules/programme-figures';
import { StatusPeriodEndWorkerModule } from './modules/purchases';
import { SegmentEvaluationWorkerModule } from './modules/segments';
import { WebhookDeliveryModule } from './modules/webhooks';

/** Whether any request budget is configured (per client, anonymous, or per operation). */
function rateLimitsApply(config: AppConfig): boolean {
  return config.rateLimit !== null || config.anonymousRateLimit !== null || Object.keys(config.routeRateLimits).length > 0;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config.databaseConnectTimeoutSeconds),
        RedisModule,
        ResponseCacheModule.forRoot(config),
        RateLimitModule,
        AuthModule,
        HealthModule,
        SetupModule,
        InterfaceRoutesModule,
        OperatorRoutesModule,
        WebhookDeliveryModule,
        AuditRetentionModule,
        FiguresRollupWorkerModule,
        BirthdayRunWorkerModule,
        StatusPeriodEndWorkerModule,
        SegmentEvaluationWorkerModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        // In this order: rate limits count the caller that authentication named.
        { provide: APP_GUARD, useExisting: InterfaceAuthGuard },
        { provide: APP_GUARD, useExisting: OperatorAuthGuard },
        // With every budget off there is nothing to count: the guard is not installed at all.
        ...(rateLimitsApply(config) ? [{ provide: APP_GUARD, useExisting: RateLimitGuard }] : []),
      ],
    };
  }
}
