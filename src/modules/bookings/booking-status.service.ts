import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId, rowPageStatement, toRowPage } from '@tessera/core';
import { CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam, textIdProblems } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { BookingPhase, BOOKING_PHASES } from './rules/booking-workflow';

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

/** A status as the operator defines it, keyed by its readable text id. */
export interface BookingStatusDefinition {
  textId: string;
  names: Record<string, string>;
  phase: string;
  /** Makes it the status of bookings that name none; the previous default stops being one. */
  isDefault?: boolean;
}

export interface BookingStatusOverview {
  status: BookingStatusRow;
  bookings: number;
}

const COLUMNS = `s.booking_status_id, s.text_id, s.names, s.phase, s.is_default, s.state, s.created_at, s.last_change`;
const SORT_COLUMNS: Record<BookingStatusSortField, string> = {
  booking_status_id: 'booking_status_id',
  name: 'sort_name',
  created_at: 'created_at',
  last_change: 'last_change',
  state: 'state',
};
/** The phases a default status may have: new bookings start in them. */
const OPEN_PHASES: readonly string[] = ['pending', 'confirmed'];

/**
 * The project's booking statuses: listed by the API, defined by the operator. Each status belongs to a
 * phase of the booking workflow, and one active status of an open phase is the default.
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

  // ---- the operator's (admin CLI) ----

  /** Every status, blocked ones included, with how many bookings have it. */
  async listAll(): Promise<BookingStatusOverview[]> {
    const rows = await this.dataSource.query<(BookingStatusRow & { bookings: number })[]>(
      `SELECT ${COLUMNS}, (SELECT count(*)::int FROM bookings b WHERE b.booking_status_id = s.booking_status_id) AS bookings
         FROM booking_statuses s ORDER BY s.created_at, s.booking_status_id`,
    );
    return rows.map(({ bookings, ...status }) => ({ status, bookings }));
  }

  /**
   * Creates the status or replaces its definition and makes it active again. Its phase may change only
   * while no booking or item has it, as the phase decides what their capacity does.
   */
  async define(definition: BookingStatusDefinition): Promise<{ id: string; outcome: 'created' | 'updated' }> {
    const problems = definitionProblems(definition);
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    return this.dataSource.transaction(async (m) => {
      const [existing] = await m.query<{ booking_status_id: string; phase: string; is_default: boolean; in_use: boolean }[]>(
        `SELECT s.booking_status_id, s.phase, s.is_default,
                EXISTS (SELECT 1 FROM bookings b WHERE b.booking_status_id = s.booking_status_id)
                  OR EXISTS (SELECT 1 FROM booking_items i WHERE i.booking_item_status_id = s.booking_status_id) AS in_use
           FROM booking_statuses s WHERE s.text_id = $1 FOR UPDATE`,
        [definition.textId],
      );
      if (existing && existing.phase !== definition.phase && existing.in_use) {
        throw CommonException.invalid(
          'phase',
          InvalidReason.NotAllowedValue,
          `Bookings have this status as ${existing.phase}`,
          definition.phase,
        );
      }
      if ((definition.isDefault || existing?.is_default) && !OPEN_PHASES.includes(definition.phase)) {
        throw CommonException.invalid(
          'phase',
          InvalidReason.NotAllowedValue,
          'The default status must be pending or confirmed',
          definition.phase,
        );
      }
      if (definition.isDefault) await m.query(`UPDATE booking_statuses SET is_default = false, last_change = now() WHERE is_default`);
      const id = existing?.booking_status_id ?? newId();
      await m.query(
        `INSERT INTO booking_statuses (booking_status_id, text_id, names, phase, is_default) VALUES ($1, $2, $3::jsonb, $4, $5)
         ON CONFLICT (text_id) DO UPDATE SET names = EXCLUDED.names, phase = EXCLUDED.phase, state = ${BOOKING_STATUS_STATE.Active},
           is_default = booking_statuses.is_default OR EXCLUDED.is_default, last_change = now()`,
        [id, definition.textId, JSON.stringify(definition.names), definition.phase, definition.isDefault ?? false],
      );
      return { id, outcome: existing ? 'updated' : 'created' };
    });
  }

  /** Blocks the status (state 0): no booking can take it any more. False when it was blocked already. */
  async remove(textId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ state: number; is_default: boolean }[]>(
      `SELECT state, is_default FROM booking_statuses WHERE text_id = $1`,
      [textId],
    );
    if (!row) throw CommonException.invalid('text_id', InvalidReason.NotFound, 'No booking status has this text id', textId);
    if (row.is_default) {
      throw CommonException.invalid(
        'text_id',
        InvalidReason.NotAllowedValue,
        'The default status cannot be removed; make another the default first',
        textId,
      );
    }
    if (row.state === BOOKING_STATUS_STATE.Blocked) return false;
    await this.dataSource.query(
      `UPDATE booking_statuses SET state = ${BOOKING_STATUS_STATE.Blocked}, last_change = now() WHERE text_id = $1`,
      [textId],
    );
    return true;
  }
}

function definitionProblems(definition: BookingStatusDefinition): InvalidParam[] {
  const problems = textIdProblems(definition.textId);
  if (!(BOOKING_PHASES as readonly string[]).includes(definition.phase)) {
    problems.push(
      invalidParam('phase', InvalidReason.NotAllowedValue, `The phase must be one of: ${BOOKING_PHASES.join(', ')}`, definition.phase),
    );
  }
  if (Object.keys(definition.names).length === 0) problems.push(invalidParam('names', InvalidReason.Required, 'The status needs a name'));
  return problems;
}
