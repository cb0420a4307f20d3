import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { rowPageStatement, toRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { BookingPhase } from './rules/booking-workflow';

export const BOOKING_STATUS_SORT_FIELDS = ['booking_status_id', 'name', 'created_at', 'last_change', 'state'] as const;
export type BookingStatusSortField = (typeof BOOKING_STATUS_SORT_FIELDS)[number];

export const BOOKING_STATUS_STATE = { Blocked: 0, Active: 1 } as const;

/** A booking status as stored: its texts by language, and the workflow phase it belongs to. */
export interface BookingStatusRow {
  booking_status_id: string;
  text_id: string;
  names: Record<string, string>;
  phase: BookingPhase;
  is_default: boolean;
  state: number;
  created_at: Date;
  last_change: Date;
}

const COLUMNS = `s.booking_status_id, s.text_id, s.names, s.phase, s.is_default, s.state, s.created_at, s.last_change`;
const SORT_COLUMNS: Record<BookingStatusSortField, string> = {
  booking_status_id: 'booking_status_id',
  name: 'sort_name',
  created_at: 'created_at',
  last_change: 'last_change',
  state: 'state',
};

/**
 * The project's booking statuses as the API lists them and bookings take them; the operator defines
 * them through `BookingStatusDefinitionRepository`.
 */
@Injectable()
export class BookingStatusService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(page: PageRequest<BookingStatusSortField>): Promise<Page<BookingStatusRow>> {
    const params: unknown[] = [this.config.defaultLanguage];
    const statement = rowPageStatement(
      { from: 'booking_statuses s', conditions: [], columns: `${COLUMNS}, coalesce(s.names ->> $1, s.text_id) AS sort_name` },
      params,
      page,
      SORT_COLUMNS,
      'booking_status_id',
      'created_at',
    );
    const rows = await this.dataSource.query<(BookingStatusRow & { sort_name: string; total_items: number })[]>(
      statement.sql,
      statement.params,
    );
    return toRowPage(
      rows.map(({ sort_name: _name, ...row }) => row),
      'booking_status_id',
    );
  }

  async get(statusId: string): Promise<BookingStatusRow> {
    const [row] = await this.dataSource.query<BookingStatusRow[]>(
      `SELECT ${COLUMNS} FROM booking_statuses s WHERE s.booking_status_id = $1`,
      [statusId],
    );
    if (!row) throw CommonException.recordNotFound('booking-statuses', statusId);
    return row;
  }

  /**
   * The status a booking or item takes: the one named, which must exist and be active, or the
   * project's default when none is named.
   */
  async resolve(statusId: string | undefined, field: string, manager: EntityManager): Promise<BookingStatusRow> {
    const [row] = await manager.query<BookingStatusRow[]>(
      statusId === undefined
        ? `SELECT ${COLUMNS} FROM booking_statuses s WHERE s.is_default`
        : `SELECT ${COLUMNS} FROM booking_statuses s WHERE s.booking_status_id = $1`,
      statusId === undefined ? [] : [statusId],
    );
    if (!row) {
      if (statusId === undefined) throw CommonException.invalid(field, InvalidReason.Required, 'The project has no default booking status');
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No booking status has this id', statusId);
    }
    if (row.state !== BOOKING_STATUS_STATE.Active) {
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The booking status is blocked', statusId);
    }
    return row;
  }
}
