import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Page, PageRequest, negotiateLanguage } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
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

/** Countries and their names, ranked by the database itself so the order is the one SQL would give. */
interface CountrySnapshot {
  /** By id, ascending. */
  countries: CountryEntity[];
  languages: string[];
  /** Per language: country id -> its name and the name's place in that language's order. */
  names: Map<string, Map<string, { name: string; rank: number }>>;
}

@Injectable()
export class CountryService {
  private readonly snapshot: MemorySnapshot<CountrySnapshot>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.snapshot = new MemorySnapshot(changes, ['countries', 'country_names'], (manager) => this.load(manager));
  }

  async exists(countryId: string): Promise<boolean> {
    const { countries } = await this.snapshot.get();
    const id = countryId.toLowerCase();
    return countries.some((country) => country.id === id);
  }

  async list(filter: CountryFilter, page: PageRequest<CountrySortField>, acceptLanguage?: string): Promise<Page<LocalizedCountry>> {
    const snapshot = await this.snapshot.get();
    const language = negotiateLanguage(acceptLanguage, snapshot.languages, this.config.defaultLanguage);
    const names = (language === undefined ? undefined : snapshot.names.get(language)) ?? new Map<string, { name: string; rank: number }>();
    const countryId = filter.country_id?.toLowerCase();
    const nameFilter = filter.country_name?.toLowerCase();
    const matching = snapshot.countries.filter(
      (country) =>
        (countryId === undefined || country.id === countryId) &&
        (nameFilter === undefined || (names.get(country.id)?.name.toLowerCase().includes(nameFilter) ?? false)),
    );
    // As in SQL: ascending puts countries without a name in this language last, descending first; ties by id.
    const byName = (country: CountryEntity) => names.get(country.id)?.rank ?? Number.MAX_SAFE_INTEGER;
    const ordered = page.sortField === 'name' ? [...matching].sort((a, b) => byName(a) - byName(b)) : matching;
    if (page.sortDirection === 'DESC') ordered.reverse();
    return {
      total: matching.length,
      items: ordered
        .slice(page.offset, page.offset + page.limit)
        .map((country) => ({ country, name: names.get(country.id)?.name ?? country.id.toUpperCase() })),
    };
  }

  private async load(manager: EntityManager): Promise<CountrySnapshot> {
    const countries = await manager.find(CountryEntity, { order: { id: 'ASC' } });
    const rows = await manager
      .getRepository(CountryNameEntity)
      .createQueryBuilder('n')
      .select(['n.language_id AS language_id', 'n.country_id AS country_id', 'n.name AS name'])
      .orderBy('n.language_id')
      .addOrderBy('n.name')
      .addOrderBy('n.country_id')
      .getRawMany<{ language_id: string; country_id: string; name: string }>();
    const names = new Map<string, Map<string, { name: string; rank: number }>>();
    for (const row of rows) {
      let inLanguage = names.get(row.language_id);
      if (!inLanguage) names.set(row.language_id, (inLanguage = new Map<string, { name: string; rank: number }>()));
      inLanguage.set(row.country_id, { name: row.name, rank: inLanguage.size });
    }
    return { countries, languages: [...names.keys()].sort(), names };
  }
}
