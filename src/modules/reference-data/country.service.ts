import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { pageInMemory, RankedRows } from '@tessera/core';
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
  /** Per language asked for so far: every country named in it, ranked for paging, built once rather than per request. */
  localized: Map<string | undefined, LocalizedCountries>;
}

interface LocalizedCountries {
  ranked: RankedRows<LocalizedCountry, CountrySortField>;
  /** Those with a name in the language, the only ones a name filter can match. */
  named: Set<LocalizedCountry>;
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
    const { ranked, named } = localizedIn(snapshot, negotiateLanguage(acceptLanguage, snapshot.languages, this.config.defaultLanguage));
    const countryId = filter.country_id?.toLowerCase();
    const nameFilter = filter.country_name?.toLowerCase();
    return pageInMemory(
      ranked,
      (localized) =>
        (countryId === undefined || localized.country.id === countryId) &&
        (nameFilter === undefined || (named.has(localized) && localized.name.toLowerCase().includes(nameFilter))),
      page,
    );
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

function localizedIn(snapshot: CountrySnapshot, language: string | undefined): LocalizedCountries {
  let localized = snapshot.localized.get(language);
  if (!localized) {
    const names = (language === undefined ? undefined : snapshot.names.get(language)) ?? new Map<string, { name: string; rank: number }>();
    const named = new Set<LocalizedCountry>();
    const rows = snapshot.countries.map((country) => {
      const name = names.get(country.id)?.name;
      const entry = { country, name: name ?? country.id.toUpperCase() };
      if (name !== undefined) named.add(entry);
      return entry;
    });
    // As SQL orders by the name in the language: countries without one after all named ones, by id.
    const byName = new Map(rows.map((entry, index) => [entry, names.get(entry.country.id)?.rank ?? names.size + index]));
    const byId = new Map(rows.map((entry, index) => [entry, index]));
    snapshot.localized.set(language, (localized = { ranked: { rows, places: { country_id: byId, name: byName } }, named }));
  }
  return localized;
}
