import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import { CurrencyService } from '../reference-data';

/** The currency of the default credit type on a new installation. */
const DEFAULT_CREDIT_CURRENCY = 'EUR';

/**
 * Loyalty defaults a new installation needs beyond those its migration seeds: the default credit type
 * depends on the currency list, which the reference-data defaults load first. Idempotent.
 */
@Injectable()
export class LoyaltySetupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly currencies: CurrencyService,
  ) {}

  async ensureDefaults(): Promise<void> {
    const currency = await this.currencies.findByCode(DEFAULT_CREDIT_CURRENCY);
    if (!currency) return;
    await this.dataSource.query(
      `INSERT INTO credit_types (credit_type_id, name, currency_id, is_default)
       SELECT $1, 'Credits', $2, true WHERE NOT EXISTS (SELECT 1 FROM credit_types)
       ON CONFLICT DO NOTHING`,
      [newId(), currency.id],
    );
  }
}
