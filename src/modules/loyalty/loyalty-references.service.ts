import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '../../../libs/http/src';

export interface CurrencyRef {
  id: string;
  /** Decimals the currency uses; amounts in it may not have more. */
  minorUnits: number;
}

/** Decimals allowed for a currency without an ISO minor-unit count. */
const FALLBACK_MINOR_UNITS = 4;

/**
 * Existence checks on records other contexts own (partners, stores, currencies). Read-only and by id,
 * so this context depends on their tables' keys only.
 */
@Injectable()
export class LoyaltyReferencesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async requirePartner(partnerId: string, field: string, manager?: EntityManager): Promise<void> {
    const rows: unknown[] = await this.runner(manager).query(`SELECT 1 FROM partners WHERE partner_id = $1 AND state <> 0`, [partnerId]);
    if (rows.length === 0) throw CommonException.invalid(field, InvalidReason.NotFound, 'No partner has this id', partnerId);
  }

  /** The project's default partner: the first one the installation created. */
  async defaultPartnerId(manager?: EntityManager): Promise<string> {
    const rows: { partner_id: string }[] = await this.runner(manager).query(
      `SELECT partner_id FROM partners WHERE state <> 0 ORDER BY created_at, partner_id LIMIT 1`,
    );
    if (rows.length === 0) throw CommonException.invalid('partner_id', InvalidReason.Required, 'No partner exists; name one');
    return rows[0].partner_id;
  }

  async requireStore(storeId: string, field: string, manager?: EntityManager): Promise<void> {
    const rows: unknown[] = await this.runner(manager).query(`SELECT 1 FROM stores WHERE store_id = $1`, [storeId]);
    if (rows.length === 0) throw CommonException.invalid(field, InvalidReason.NotFound, 'No store has this id', storeId);
  }

  async requireCurrency(currencyId: string, field: string, manager?: EntityManager): Promise<CurrencyRef> {
    const rows: { currency_id: string; minor_units: number | null }[] = await this.runner(manager).query(
      `SELECT currency_id, minor_units FROM currencies WHERE currency_id = $1`,
      [currencyId],
    );
    if (rows.length === 0) throw CommonException.invalid(field, InvalidReason.NotFound, 'No currency has this id', currencyId);
    return { id: rows[0].currency_id, minorUnits: Math.min(rows[0].minor_units ?? FALLBACK_MINOR_UNITS, FALLBACK_MINOR_UNITS) };
  }

  private runner(manager?: EntityManager): DataSource | EntityManager {
    return manager ?? this.dataSource;
  }
}
