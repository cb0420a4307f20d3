import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LanguageEntity } from './entities/language.entity';

export const LANGUAGE_LIST_TYPES = ['carecloud-api', 'web-portal', 'customer-communication'] as const;
export type LanguageListType = (typeof LANGUAGE_LIST_TYPES)[number];

export interface LanguageFilter {
  language_list_type?: LanguageListType;
  default_language?: boolean;
}

@Injectable()
export class LanguageService {
  constructor(
    @InjectRepository(LanguageEntity) private readonly languages: Repository<LanguageEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Unpaged: the list is short and the API offers no paging for it. */
  async list(filter: LanguageFilter): Promise<LanguageEntity[]> {
    const query = this.languages
      .createQueryBuilder('l')
      .where(':listType = ANY(l.list_types)', { listType: filter.language_list_type ?? 'carecloud-api' })
      .orderBy('l.id', 'ASC');
    if (filter.default_language) query.andWhere('l.language_id = :language', { language: this.config.defaultLanguage });
    return query.getMany();
  }
}
