import { Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';

/** Per-client and per-operation request budgets; counters shared through Redis when it is configured. */
@Module({
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
