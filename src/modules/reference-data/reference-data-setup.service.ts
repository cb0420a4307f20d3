import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as isoLanguages from '@cospired/i18n-iso-languages';
import * as currencyCodes from 'currency-codes';
import * as isoCountries from 'i18n-iso-countries';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LANGUAGE_LIST_TYPES } from './language.service';

const CUSTOMER_SOURCES = [
  ['e_shop', 'E-shop'],
  ['store', 'Store'],
  ['mobile_app', 'Mobile app'],
  ['newsletter', 'Newsletter'],
] as const;

const DEFAULT_STORE_CODE = 'default';
const DEFAULT_STORE_GROUP = 'All stores';

/** Registers every locale the package ships, so country names exist in all of them. */
function countryLocales(): string[] {
  const directory = join(dirname(require.resolve('i18n-iso-countries/package.json')), 'langs');
  const codes: string[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const locale = require(join(directory, file)) as isoCountries.LocaleData;
    isoCountries.registerLocale(locale);
    codes.push(locale.locale.toLowerCase());
  }
  return codes;
}

/**
 * The project defaults that make a new installation usable at once. Idempotent: every insert skips
 * rows that exist, so operators' changes survive restarts. Bulk statements keep a start fast.
 */
@Injectable()
export class ReferenceDataSetupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ensureDefaults(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.ensureCountries(manager);
      await this.ensureLanguages(manager);
      await this.ensureCurrencies(manager);
      await this.ensureStores(manager);
      await this.ensureCustomerSources(manager);
      await this.ensureStatuses(manager);
      await this.ensureStoreProperties(manager);
    });
  }

  private async ensureCountries(manager: EntityManager): Promise<void> {
    const locales = countryLocales();
    const codes = Object.keys(isoCountries.getAlpha2Codes()).map((code) => code.toLowerCase());
    await manager.query(`INSERT INTO countries (country_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [codes]);
    const countryIds: string[] = [];
    const languageIds: string[] = [];
    const names: string[] = [];
    for (const language of locales) {
      for (const code of codes) {
        // The alias is the short, everyday name ("Czechia" rather than "Czech Republic").
        const name = isoCountries.getName(code.toUpperCase(), language, { select: 'alias' });
        if (!name) continue;
        countryIds.push(code);
        languageIds.push(language);
        names.push(name);
      }
    }
    await manager.query(
      `INSERT INTO country_names (country_id, language_id, name)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [countryIds, languageIds, names],
    );
  }

  private async ensureLanguages(manager: EntityManager): Promise<void> {
    const codes = Object.keys(isoLanguages.getAlpha2Codes()).sort();
    await manager.query(
      `INSERT INTO languages (language_id, list_types) SELECT unnest($1::text[]), ARRAY['carecloud-api'] ON CONFLICT DO NOTHING`,
      [codes],
    );
    // The default language serves every purpose, so portals and communication have one from the start.
    await manager.query(
      `UPDATE languages SET list_types = $2::text[], last_change = now()
       WHERE language_id = $1 AND NOT (list_types @> $2::text[])`,
      [this.config.defaultLanguage, [...LANGUAGE_LIST_TYPES]],
    );
  }

  private async ensureCurrencies(manager: EntityManager): Promise<void> {
    const data = currencyCodes.data;
    await manager.query(
      `INSERT INTO currencies (currency_id, code, name, minor_units)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::smallint[]) ON CONFLICT (code) DO NOTHING`,
      [data.map(() => newId()), data.map((c) => c.code), data.map((c) => c.currency), data.map((c) => c.digits)],
    );
  }

  private async ensureStores(manager: EntityManager): Promise<void> {
    const [partner] = await manager.query<{ partner_id: string }[]>(
      `SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1`,
    );
    const partnerId = partner?.partner_id ?? newId();
    await manager.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Default partner') ON CONFLICT DO NOTHING`, [partnerId]);
    await manager.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Default store', $3, 'default')
       ON CONFLICT (store_code) DO NOTHING`,
      [newId(), DEFAULT_STORE_CODE, partnerId],
    );
    const groups: unknown[] = await manager.query(`SELECT 1 FROM store_groups LIMIT 1`);
    if (groups.length > 0) return;
    const groupId = newId();
    await manager.query(`INSERT INTO store_groups (store_group_id, name) VALUES ($1, $2)`, [groupId, DEFAULT_STORE_GROUP]);
    await manager.query(
      `INSERT INTO store_group_records (store_group_record_id, store_id, store_group_id)
       SELECT $1, store_id, $2 FROM stores WHERE store_code = $3`,
      [newId(), groupId, DEFAULT_STORE_CODE],
    );
  }

  private async ensureCustomerSources(manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO customer_sources (customer_source_id, customer_source_text_id, name)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (customer_source_text_id) DO NOTHING`,
      [CUSTOMER_SOURCES.map(() => newId()), CUSTOMER_SOURCES.map(([textId]) => textId), CUSTOMER_SOURCES.map(([, name]) => name)],
    );
  }

  /** A basic tier everyone holds, then silver and gold earned by points within a year. */
  private async ensureStatuses(manager: EntityManager): Promise<void> {
    const existing: unknown[] = await manager.query(`SELECT 1 FROM statuses LIMIT 1`);
    if (existing.length > 0) return;
    const [basic, silver, gold] = [newId(), newId(), newId()];
    await manager.query(
      `INSERT INTO statuses (status_id, text_id, name, description, tier, qualification_type, qualification_period,
         qualification_points, validity_period, discount, previous_status_id, next_status_id)
       VALUES ($1, 'basic', 'Basic', 'Every member', 0, 0, NULL, NULL, 'unlimited', 0, NULL, NULL),
              ($2, 'silver', 'Silver', 'Members with 1000 points in a year', 1, 2, 12, 1000, '12 months', 5, NULL, NULL),
              ($3, 'gold', 'Gold', 'Members with 5000 points in a year', 2, 2, 12, 5000, '12 months', 10, NULL, NULL)`,
      [basic, silver, gold],
    );
    // Linked once all rows exist, since the chain references itself.
    await manager.query(
      `UPDATE statuses SET previous_status_id = link.prev, next_status_id = link.next
       FROM (VALUES ($1, NULL, $2), ($2, $1, $3), ($3, $2, NULL)) AS link(id, prev, next)
       WHERE statuses.status_id = link.id`,
      [basic, silver, gold],
    );
  }

  private async ensureStoreProperties(manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO store_properties (property_id, name, data_type) VALUES
         ('parking', 'Parking available', 'boolean'),
         ('store_type', 'Store type', 'enum'),
         ('floor_area', 'Floor area (m2)', 'float')
       ON CONFLICT DO NOTHING`,
    );
    await manager.query(
      `INSERT INTO store_property_items (id, property_id, name) VALUES
         ('store_type_mall', 'store_type', 'Shopping mall'),
         ('store_type_street', 'store_type', 'Street shop'),
         ('store_type_outlet', 'store_type', 'Outlet')
       ON CONFLICT DO NOTHING`,
    );
  }
}
