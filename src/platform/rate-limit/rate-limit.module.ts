import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { RateLimitGuard, rateLimitThrottlers } from './rate-limit.guard';
import { BudgetThrottlerStorage } from './budget-throttler.storage';

/** Per-client and per-operation request budgets; counters shared through Redis when it is configured. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ throttlers: rateLimitThrottlers(config), setHeaders: false }),
    }),
  ],
  providers: [BudgetThrottlerStorage, RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
