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
  /** Per language asked for so far: every country named in it, by id, built once rather than per request. */
  localized: Map<string | undefined, { countries: LocalizedCountry[]; nameRank: Map<LocalizedCountry, number> }>;
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
    const { countries, nameRank } = localizedIn(
      snapshot,
      negotiateLanguage(acceptLanguage, snapshot.languages, this.config.defaultLanguage),
    );
    const countryId = filter.country_id?.toLowerCase();
    const nameFilter = filter.country_name?.toLowerCase();
    const filtered = countryId !== undefined || nameFilter !== undefined;
    const matching = filtered
      ? countries.filter(
          (localized) =>
            (countryId === undefined || localized.country.id === countryId) &&
            // Only a name in the language itself matches, not the code shown for a country without one.
            (nameFilter === undefined || (nameRank.has(localized) && localized.name.toLowerCase().includes(nameFilter))),
        )
      : countries;
    // As in SQL: ascending puts countries without a name in this language last, descending first; ties by id.
    const byName = (localized: LocalizedCountry) => nameRank.get(localized) ?? Number.MAX_SAFE_INTEGER;
    const ordered = page.sortField === 'name' ? [...matching].sort((a, b) => byName(a) - byName(b)) : matching;
    const items =
      page.sortDirection === 'DESC'
        ? ordered.slice(Math.max(0, ordered.length - page.offset - page.limit), Math.max(0, ordered.length - page.offset)).reverse()
        : ordered.slice(page.offset, page.offset + page.limit);
    return { total: matching.length, items };
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
    return { countries, languages: [...names.keys()].sort(), names, localized: new Map() };
  }
}

function localizedIn(snapshot: CountrySnapshot, language: string | undefined) {
  let localized = snapshot.localized.get(language);
  if (!localized) {
    const names = (language === undefined ? undefined : snapshot.names.get(language)) ?? new Map<string, { name: string; rank: number }>();
    const nameRank = new Map<LocalizedCountry, number>();
    const countries = snapshot.countries.map((country) => {
      const named = names.get(country.id);
      const entry = { country, name: named?.name ?? country.id.toUpperCase() };
      if (named) nameRank.set(entry, named.rank);
      return entry;
    });
    snapshot.localized.set(language, (localized = { countries, nameRank }));
  }
  return localized;
}
