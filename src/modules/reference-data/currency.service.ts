import { Injectable } from '@nestjs/common';
import { pageInMemory } from '@tessera/core';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { CurrencyEntity } from './entities/currency.entity';

export const CURRENCY_SORT_FIELDS = ['currency_id', 'name', 'code'] as const;
export type CurrencySortField = (typeof CURRENCY_SORT_FIELDS)[number];

/** What other contexts need to know of a currency. */
export interface CurrencyRef {
  id: string;
  code: string;
  /** ISO 4217 decimals; null for currencies without them. */
  minorUnits: number | null;
}

export interface CurrencyFilter {
  currency_name?: string;
  currency_code?: string;
}

@Injectable()
export class CurrencyService {
  /** Every currency in id order, ranked for each sortable field, and by id. */
  private readonly snapshot: MemorySnapshot<DefinitionRows<CurrencyEntity, CurrencySortField>>;

  constructor(changes: ChangeFeed) {
    this.snapshot = definitionSnapshot(changes, ['currencies'], CurrencyEntity, 'id', { currency_id: 'id', name: 'name', code: 'code' });
  }

  async list(filter: CurrencyFilter, page: PageRequest<CurrencySortField>): Promise<Page<CurrencyEntity>> {
    const name = filter.currency_name?.toLowerCase();
    const code = filter.currency_code?.toUpperCase();
    return pageInMemory(
      (await this.snapshot.get()).ranked,
      (currency) => (!name || currency.name.toLowerCase().includes(name)) && (!code || currency.code === code),
      page,
    );
  }

  async get(currencyId: string): Promise<CurrencyEntity> {
    const currency = (await this.snapshot.get()).byId.get(currencyId);
    if (!currency) throw CommonException.recordNotFound('currencies', currencyId);
    return currency;
  }

  /** Fails with a 400 `not_found` naming `field` unless the currency exists. */
  async requireCurrency(currencyId: string, field: string): Promise<CurrencyRef> {
    const currency = (await this.snapshot.get()).byId.get(currencyId);
    if (!currency) throw CommonException.invalid(field, InvalidReason.NotFound, 'No currency has this id', currencyId);
    return { id: currency.id, code: currency.code, minorUnits: currency.minorUnits };
  }

  async findByCode(code: string): Promise<CurrencyRef | null> {
    const wanted = code.toUpperCase();
    const currency = [...(await this.snapshot.get()).byId.values()].find((candidate) => candidate.code === wanted);
    return currency ? { id: currency.id, code: currency.code, minorUnits: currency.minorUnits } : null;
  }
}
