import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowPageStatement, toRowPage, TOTAL_COLUMN } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { liveCustomerSql } from '../../customers';
import { RewardEntity } from './entities/reward.entity';
import { VoucherEntity } from './entities/voucher.entity';
import { RewardDetailRow, rewardDetailColumns, toRewardDetails } from './reward-details.sql';
import type { RewardProfile, RewardView } from './reward.service';
import { SERVICE_VOUCHER_PREFIXES } from './rules/reward-code';
import type { VoucherSortField } from './voucher.service';

/** The voucher's own columns that its answer shows. */
export type VoucherProfile = Pick<
  VoucherEntity,
  | 'id'
  | 'rewardId'
  | 'customerId'
  | 'storeId'
  | 'code'
  | 'value'
  | 'appliedAt'
  | 'validFrom'
  | 'validTo'
  | 'note'
  | 'createdAt'
  | 'lastChange'
  | 'state'
>;

/** A voucher with its reward's response details. */
export interface VoucherView {
  voucher: VoucherProfile;
  reward: RewardView<RewardProfile>;
}

/** Vouchers matching every given criterion. */
export interface VoucherCriteria {
  voucherIds?: string[];
  customerId?: string;
  rewardId?: string;
  /** Vouchers with a service prefix (issued by the system, not by a reward) are left out unless asked for. */
  withServiceVouchers?: boolean;
  code?: string;
  /** Vouchers whose reward is for this store, or for every store. */
  storeId?: string;
  /** Whether now is within the voucher's validity. */
  isValid?: boolean;
  isApplied?: boolean;
  rewardIds?: string[];
}

/** A row of a page of `VOUCHER_VIEW_COLUMNS`. */
export interface VoucherViewRow extends RewardDetailRow {
  voucher_id: string;
  reward_id: string;
  customer_id: string;
  store_id: string | null;
  code: string;
  value: string | null;
  applied_at: Date | null;
  valid_from: Date | null;
  valid_to: Date | null;
  note: string | null;
  created_at: Date;
  last_change: Date;
  state: number;
  reward_code: string;
  reward_names: Record<string, string>;
  reward_notes: Record<string, string>;
  reward_subtitles: Record<string, string>;
  reward_points_cost: string;
  reward_valid_time_from: string | null;
  reward_valid_time_to: string | null;
  reward_group: number;
  reward_type_id: string;
  reward_priority: number | null;
  reward_image_urls: RewardEntity['imageUrls'];
  reward_external_urls: RewardEntity['externalUrls'];
  reward_is_automated: boolean;
  reward_last_change: Date;
  reward_state: number;
}

type VoucherViewPageRow = VoucherViewRow & { [TOTAL_COLUMN]: number; customer_exists: boolean | null };

const voucherViewColumns = (withStores: boolean) => `
  v.voucher_id, v.reward_id, v.customer_id, v.store_id, v.code, v.value, v.applied_at, v.valid_from, v.valid_to, v.note,
  v.created_at, v.last_change, v.state,
  r.code AS reward_code, r.names AS reward_names, r.notes AS reward_notes, r.subtitles AS reward_subtitles,
  r.points_cost AS reward_points_cost, r.valid_time_from AS reward_valid_time_from, r.valid_time_to AS reward_valid_time_to,
  r.reward_group, r.reward_type_id, r.priority AS reward_priority, r.image_urls AS reward_image_urls,
  r.external_urls AS reward_external_urls, r.is_automated AS reward_is_automated, r.last_change AS reward_last_change,
  r.state AS reward_state,
  ${rewardDetailColumns('v.reward_id', withStores)}`;

/** The list's sort fields by the output names of `voucherViewColumns`. */
const SORT_COLUMNS: Record<VoucherSortField, string> = {
  voucher_id: 'voucher_id',
  customer_id: 'customer_id',
  store_id: 'store_id',
  code: 'code',
  value: 'value',
  applied_date: 'applied_at',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  created_at: 'created_at',
  last_change: 'last_change',
  state: 'state',
};

/** The SQL of reading vouchers as their answers show them. */
@Injectable()
export class VoucherRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The voucher with its reward's details, stores included, in one statement; null when the id is unknown. */
  async findView(voucherId: string, timeZone: string): Promise<VoucherView | null> {
    const [row] = await this.dataSource.query<VoucherViewRow[]>(
      `SELECT ${voucherViewColumns(true)} FROM vouchers v JOIN rewards r ON r.reward_id = v.reward_id WHERE v.voucher_id = $1`,
      [voucherId],
    );
    return row ? toVoucherView(row, timeZone) : null;
  }

  /**
   * A page of vouchers with their rewards' details, and the total, in one statement. With
   * `ownerCustomerId`, the answer also says whether that customer exists (not deleted).
   */
  async findViewPage(
    criteria: VoucherCriteria,
    page: PageRequest<VoucherSortField>,
    output: { withStores: boolean; timeZone: string; ownerCustomerId?: string },
  ): Promise<Page<VoucherView> & { customerExists: boolean | null }> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const where = (condition: (param: string) => string, value: unknown) => conditions.push(condition(`$${params.push(value)}`));
    if (criteria.voucherIds) where((ids) => `v.voucher_id = ANY(${ids}::text[])`, criteria.voucherIds);
    if (criteria.customerId !== undefined) where((id) => `v.customer_id = ${id}`, criteria.customerId);
    if (criteria.rewardId !== undefined) where((id) => `v.reward_id = ${id}`, criteria.rewardId);
    if (!criteria.withServiceVouchers) {
      for (const prefix of SERVICE_VOUCHER_PREFIXES) where((pattern) => `v.code NOT LIKE ${pattern}`, `${prefix}%`);
    }
    if (criteria.code) where((code) => `v.code = ${code}`, criteria.code);
    if (criteria.storeId) {
      where(
        (store) => `(EXISTS (SELECT 1 FROM reward_stores x WHERE x.reward_id = v.reward_id AND x.store_id = ${store})
                     OR NOT EXISTS (SELECT 1 FROM reward_stores x WHERE x.reward_id = v.reward_id))`,
        criteria.storeId,
      );
    }
    if (criteria.isValid === true)
      conditions.push('(v.valid_from IS NULL OR v.valid_from <= now()) AND (v.valid_to IS NULL OR v.valid_to >= now())');
    if (criteria.isValid === false) conditions.push('(v.valid_from > now() OR v.valid_to < now())');
    if (criteria.isApplied === true) conditions.push('v.applied_at IS NOT NULL');
    if (criteria.isApplied === false) conditions.push('v.applied_at IS NULL');
    if (criteria.rewardIds?.length) where((ids) => `v.reward_id = ANY(${ids}::text[])`, criteria.rewardIds);
    const owner = output.ownerCustomerId;
    const listColumns = owner === undefined ? undefined : `${liveCustomerSql(`$${params.push(owner)}`)} AS customer_exists`;
    const statement = rowPageStatement(
      {
        from: 'vouchers v JOIN rewards r ON r.reward_id = v.reward_id',
        conditions,
        columns: voucherViewColumns(output.withStores),
        listColumns,
      },
      params,
      page,
      SORT_COLUMNS,
      'voucher_id',
      'created_at',
    );
    const rows = await this.dataSource.query<VoucherViewPageRow[]>(statement.sql, statement.params);
    const found = toRowPage(rows, 'voucher_id');
    return {
      items: found.items.map((row) => toVoucherView(row, output.timeZone)),
      total: found.total,
      customerExists: rows[0]?.customer_exists ?? null,
    };
  }
}

export function toVoucherView(row: VoucherViewRow, timeZone: string): VoucherView {
  return {
    voucher: {
      id: row.voucher_id,
      rewardId: row.reward_id,
      customerId: row.customer_id,
      storeId: row.store_id,
      code: row.code,
      value: row.value,
      appliedAt: row.applied_at,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      note: row.note,
      createdAt: row.created_at,
      lastChange: row.last_change,
      state: row.state,
    },
    reward: {
      reward: {
        id: row.reward_id,
        code: row.reward_code,
        names: row.reward_names,
        notes: row.reward_notes,
        subtitles: row.reward_subtitles,
        pointsCost: row.reward_points_cost,
        validTimeFrom: row.reward_valid_time_from,
        validTimeTo: row.reward_valid_time_to,
        rewardGroup: row.reward_group,
        rewardTypeId: row.reward_type_id,
        priority: row.reward_priority,
        imageUrls: row.reward_image_urls,
        externalUrls: row.reward_external_urls,
        isAutomated: row.reward_is_automated,
        lastChange: row.reward_last_change,
        state: row.reward_state,
      },
      ...toRewardDetails(row, row.reward_id, timeZone),
    },
  };
}
