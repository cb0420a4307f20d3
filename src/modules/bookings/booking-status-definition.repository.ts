import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest, invalidParam, textIdProblems, throwIfAny } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { BookingStatusDefinitionDto, BookingStatusDefinitionViewDto } from './dto/booking-status-definition.dto';

interface StatusRow {
  booking_status_id: string;
  text_id: string;
  names: Record<string, string>;
  phase: string;
  is_default: boolean;
  state: number;
  bookings: number;
  last_change: Date;
}

const toView = (row: StatusRow): BookingStatusDefinitionViewDto => ({
  booking_status_id: row.booking_status_id,
  text_id: row.text_id,
  names: row.names,
  phase: row.phase,
  is_default: row.is_default,
  state: row.state,
  bookings: row.bookings,
  last_change: new Date(row.last_change).toISOString(),
});

const STATUS_COLUMNS = `
  s.booking_status_id, s.text_id, s.names, s.phase, s.is_default, s.state, s.last_change,
         (SELECT count(*)::int FROM bookings b WHERE b.booking_status_id = s.booking_status_id) AS bookings`;

/** The phases a default status may have: new bookings start in them. */
const OPEN_PHASES: readonly string[] = ['pending', 'confirmed'];

/**
 * Booking statuses as the operator defines them: found by id or text id. Exactly one active status of
 * an open phase is the default, so it can be neither deactivated nor unmarked until another takes over.
 */
@Injectable()
export class BookingStatusDefinitionRepository implements DefinitionStore<BookingStatusDefinitionDto, BookingStatusDefinitionViewDto> {
  readonly kind = 'booking_status';
  readonly resource = 'booking-statuses';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<BookingStatusDefinitionViewDto>> {
    const found = await queryRowPage<StatusRow>(
      this.dataSource,
      {
        columns: STATUS_COLUMNS,
        from: 'booking_statuses s',
        conditions: [
          '($1::text IS NULL OR s.text_id ILIKE $1 OR EXISTS (SELECT 1 FROM jsonb_each_text(s.names) n WHERE n.value ILIKE $1))',
          '($2::smallint IS NULL OR s.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'booking_status_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<BookingStatusDefinitionViewDto | null> {
    const [row] = await manager.query<StatusRow[]>(
      `SELECT ${STATUS_COLUMNS} FROM booking_statuses s WHERE s.booking_status_id = $1 OR s.text_id = $1 ORDER BY s.booking_status_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: BookingStatusDefinitionViewDto): string {
    return view.booking_status_id;
  }

  async insert(input: BookingStatusDefinitionDto, manager: EntityManager): Promise<string> {
    await this.check(input, null, manager);
    if (input.is_default) await this.takeOverDefault(manager);
    const id = newId();
    await manager.query(
      `INSERT INTO booking_statuses (booking_status_id, text_id, names, phase, is_default) VALUES ($1, $2, $3::jsonb, $4, $5)`,
      [id, input.text_id, JSON.stringify(input.names), input.phase, input.is_default ?? false],
    );
    return id;
  }

  async update(id: string, input: BookingStatusDefinitionDto, manager: EntityManager): Promise<void> {
    const [current] = await manager.query<{ phase: string; is_default: boolean; state: number; in_use: boolean }[]>(
      `SELECT s.phase, s.is_default, s.state,
              EXISTS (SELECT 1 FROM bookings b WHERE b.booking_status_id = s.booking_status_id)
                OR EXISTS (SELECT 1 FROM booking_items i WHERE i.booking_item_status_id = s.booking_status_id) AS in_use
         FROM booking_statuses s WHERE s.booking_status_id = $1 FOR UPDATE`,
      [id],
    );
    await this.check(input, id, manager);
    if (current.phase !== input.phase && current.in_use) {
      throw CommonException.invalid('phase', InvalidReason.NotAllowedValue, `Bookings have this status as ${current.phase}`, input.phase);
    }
    if (current.is_default && !input.is_default) {
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        'The status stays the default until another status is made the default',
        'false',
      );
    }
    if (input.is_default && !current.is_default) {
      if (current.state !== 1)
        throw CommonException.invalid('is_default', InvalidReason.NotAllowedValue, 'A deactivated status cannot be the default', 'true');
      await this.takeOverDefault(manager);
    }
    await manager.query(
      `UPDATE booking_statuses SET text_id = $2, names = $3::jsonb, phase = $4, is_default = $5, last_change = now()
        WHERE booking_status_id = $1`,
      [id, input.text_id, JSON.stringify(input.names), input.phase, input.is_default ?? false],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    const [row] = await manager.query<{ is_default: boolean }[]>(`SELECT is_default FROM booking_statuses WHERE booking_status_id = $1`, [
      id,
    ]);
    if (state === 0 && row.is_default) {
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        'The default status cannot be deactivated; make another the default first',
        'true',
      );
    }
    await manager.query(`UPDATE booking_statuses SET state = $2, last_change = now() WHERE booking_status_id = $1`, [id, state]);
  }

  private async check(input: BookingStatusDefinitionDto, ownId: string | null, manager: EntityManager): Promise<void> {
    const problems = textIdProblems(input.text_id);
    if (Object.keys(input.names).length === 0) problems.push(invalidParam('names', InvalidReason.Required, 'The status needs a name'));
    if (input.is_default && !OPEN_PHASES.includes(input.phase)) {
      problems.push(invalidParam('phase', InvalidReason.NotAllowedValue, 'The default status must be pending or confirmed', input.phase));
    }
    throwIfAny(problems);
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM booking_statuses WHERE text_id = $1 AND booking_status_id IS DISTINCT FROM $2`,
      [input.text_id, ownId],
    );
    if (clash)
      throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another booking status has this text id', input.text_id);
  }

  private async takeOverDefault(manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE booking_statuses SET is_default = false, last_change = now() WHERE is_default`);
  }
}
