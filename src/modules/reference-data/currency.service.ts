import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { ChangeFeed, MemorySnapshot, snapshotById } from '../../platform/change-feed';
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
  private readonly byId: MemorySnapshot<Map<string, CurrencyEntity>>;

  constructor(
    @InjectRepository(CurrencyEntity) private readonly currencies: Repository<CurrencyEntity>,
    changes: ChangeFeed,
  ) {
    this.byId = snapshotById(
      changes,
      ['currencies'],
      (manager) => manager.find(CurrencyEntity),
      (currency) => currency.id,
    );
  }

  async list(filter: CurrencyFilter, page: PageRequest<CurrencySortField>): Promise<Page<CurrencyEntity>> {
    const query = this.currencies.createQueryBuilder('c');
    if (filter.currency_name) query.andWhere('c.name ILIKE :name', { name: likePattern(filter.currency_name) });
    if (filter.currency_code) query.andWhere('c.code = upper(:code)', { code: filter.currency_code });
    return fetchPage(query, page, { currency_id: 'c.id', name: 'c.name', code: 'c.code' }, 'c.id');
  }

  async get(currencyId: string): Promise<CurrencyEntity> {
    const currency = (await this.byId.get()).get(currencyId);
    if (!currency) throw CommonException.recordNotFound('currencies', currencyId);
    return currency;
  }

  /** Fails with a 400 `not_found` naming `field` unless the currency exists. */
  async requireCurrency(currencyId: string, field: string): Promise<CurrencyRef> {
    const currency = (await this.byId.get()).get(currencyId);
    if (!currency) throw CommonException.invalid(field, InvalidReason.NotFound, 'No currency has this id', currencyId);
    return { id: currency.id, code: currency.code, minorUnits: currency.minorUnits };
  }

  async findByCode(code: string): Promise<CurrencyRef | null> {
    const wanted = code.toUpperCase();
    const currency = [...(await this.byId.get()).values()].find((candidate) => candidate.code === wanted);
    return currency ? { id: currency.id, code: currency.code, minorUnits: currency.minorUnits } : null;
  }
}
