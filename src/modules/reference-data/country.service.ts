import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { Page, PageRequest, negotiateLanguage } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CountryNameEntity } from './entities/country-name.entity';
import { CountryEntity } from './entities/country.entity';

export const COUNTRY_SORT_FIELDS = ['country_id', 'name'] as const;
export type CountrySortField = (typeof COUNTRY_SORT_FIELDS)[number];

export interface CountryFilter {
  country_id?: string;
  country_name?: string;
}

/** A country with its name in the negotiated language (the code when no name exists in it). */
export interface LocalizedCountry {
  country: CountryEntity;
  name: string;
}

@Injectable()
export class CountryService {
  private nameLanguages?: Promise<string[]>;

  constructor(
    @InjectRepository(CountryEntity) private readonly countries: Repository<CountryEntity>,
    @InjectRepository(CountryNameEntity) private readonly names: Repository<CountryNameEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exists(countryId: string): Promise<boolean> {
    return this.countries.exists({ where: { id: countryId.toLowerCase() } });
  }

  async list(filter: CountryFilter, page: PageRequest<CountrySortField>, acceptLanguage?: string): Promise<Page<LocalizedCountry>> {
    const language = negotiateLanguage(acceptLanguage, await this.languagesWithNames(), this.config.defaultLanguage);
    const query = this.countries.createQueryBuilder('c').leftJoinAndSelect('c.names', 'n', 'n.language_id = :language', { language });
    if (filter.country_id) query.andWhere('c.country_id = :countryId', { countryId: filter.country_id.toLowerCase() });
    if (filter.country_name) query.andWhere('n.name ILIKE :name', { name: likePattern(filter.country_name) });
    // The name join is filtered to one language: one row per country.
    const result = await fetchPage(query, page, { country_id: 'c.id', name: 'n.name' }, 'c.id', { oneRowPerRecord: true });
    return {
      total: result.total,
      items: result.items.map((country) => ({ country, name: country.names[0]?.name ?? country.id.toUpperCase() })),
    };
  }

  /** The set only changes with seeding, so it is read once per process. */
  private languagesWithNames(): Promise<string[]> {
    this.nameLanguages ??= this.names
      .createQueryBuilder('n')
      .select('DISTINCT n.language_id', 'language_id')
      .orderBy('language_id')
      .getRawMany<{ language_id: string }>()
      .then((rows) => rows.map((row) => row.language_id));
    return this.nameLanguages;
  }
}
