import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { LanguageEntity } from './entities/language.entity';

export const LANGUAGE_LIST_TYPES = ['carecloud-api', 'web-portal', 'customer-communication'] as const;
export type LanguageListType = (typeof LANGUAGE_LIST_TYPES)[number];

export interface LanguageFilter {
  language_list_type?: LanguageListType;
  default_language?: boolean;
}

@Injectable()
export class LanguageService {
  /** Every language, by id. */
  private readonly snapshot: MemorySnapshot<LanguageEntity[]>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.snapshot = new MemorySnapshot(changes, ['languages'], (manager) => manager.find(LanguageEntity, { order: { id: 'ASC' } }));
  }

  /** Unpaged: the list is short and the API offers no paging for it. */
  async list(filter: LanguageFilter): Promise<LanguageEntity[]> {
    const listType = filter.language_list_type ?? 'carecloud-api';
    return (await this.snapshot.get()).filter(
      (language) => language.listTypes.includes(listType) && (!filter.default_language || language.id === this.config.defaultLanguage),
    );
  }
}
