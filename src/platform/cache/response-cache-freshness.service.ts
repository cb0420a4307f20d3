import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ChangeFeed } from '../change-feed';
import { CACHED_TABLES, familiesShowing } from './table-families';
import { ResponseCacheService } from './response-cache.service';

/**
 * Makes cached answers stale when the change feed reports a change to a table they show, whoever made
 * it: the CLI, SQL, or another instance that does not share this one's cache. When the feed listens
 * again after a gap, every such family goes stale, since what changed meanwhile is unknown.
 */
@Injectable()
export class ResponseCacheFreshness implements OnApplicationBootstrap {
  private readonly logger = new Logger(ResponseCacheFreshness.name);

  constructor(
    private readonly changes: ChangeFeed,
    private readonly cache: ResponseCacheService,
  ) {}

  onApplicationBootstrap(): void {
    for (const table of CACHED_TABLES) {
      const families = familiesShowing(table);
      this.changes.on([table], () => {
        this.cache.invalidate(families).catch((error: Error) => this.logger.warn(`Cached ${table} answers not dropped: ${error.message}`));
      });
    }
  }
}
