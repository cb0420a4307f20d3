import { CacheModule } from '@nestjs/cache-manager';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Keyv } from 'keyv';
import { AppConfig } from '../../config/app-config';
import { RedisConnection } from '../redis/redis-connection';
import { BoundedMemoryStore, RedisCacheStore } from './redis-cache.store';
import { ResponseCacheFreshness } from './response-cache-freshness.service';
import { ResponseCacheInterceptor } from './response-cache.interceptor';
import { MEMORY_CACHE_MAX_ENTRIES, ResponseCacheService } from './response-cache.service';

/**
 * Per-endpoint response caching: in memory, or in Redis shared by every instance when `REDIS_URL` is set.
 * Without cached endpoints the interceptor is not installed at all, so requests do not pay for it.
 */
@Module({})
export class ResponseCacheModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (Object.keys(config.cacheTtls).length === 0) return { module: ResponseCacheModule };
    return {
      module: ResponseCacheModule,
      imports: [
        CacheModule.registerAsync({
          inject: [RedisConnection],
          useFactory: (redis: RedisConnection) => ({
            stores: [
              redis.client
                ? new Keyv({ store: new RedisCacheStore(redis), useKeyPrefix: false, throwOnErrors: true })
                : new Keyv({ store: new BoundedMemoryStore(MEMORY_CACHE_MAX_ENTRIES) }),
            ],
          }),
        }),
      ],
      providers: [ResponseCacheService, ResponseCacheFreshness, { provide: APP_INTERCEPTOR, useClass: ResponseCacheInterceptor }],
    };
  }
}
