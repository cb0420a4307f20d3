import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { SegmentCondition, checkSegmentConditions, referencedSegmentIds } from './conditions/segment-conditions';
import { SegmentDefinitionDto, SegmentDefinitionViewDto } from './dto/segment-definition.dto';
import { activeSegmentGroupId } from './segment-group-definition.repository';

interface SegmentRow {
  segment_id: string;
  name: string;
  segment_group_id: string | null;
  note: string | null;
  priority: number | null;
  segment_picture_url: string | null;
  state: number;
  last_change: Date;
  conditions: SegmentCondition | null;
  evaluated_at: Date | null;
}

const toView = (row: SegmentRow): SegmentDefinitionViewDto => ({
  segment_id: row.segment_id,
  name: row.name,
  segment_group_id: row.segment_group_id,
  note: row.note,
  priority: row.priority,
  segment_picture_url: row.segment_picture_url,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
  conditions: row.conditions,
  evaluated_at: row.evaluated_at ? new Date(row.evaluated_at).toISOString() : null,
});

const COLUMNS = 'segment_id, name, segment_group_id, note, priority, segment_picture_url, state, last_change, conditions, evaluated_at';

/** Segments as the operator defines them: found by id (they have no other key); members are kept apart. */
@Injectable()
export class SegmentDefinitionRepository implements DefinitionStore<SegmentDefinitionDto, SegmentDefinitionViewDto> {
  readonly kind = 'segment';
  readonly resource = 'segments';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<SegmentDefinitionViewDto>> {
    const found = await queryRowPage<SegmentRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'segments',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'segment_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<SegmentDefinitionViewDto | null> {
    const [row] = await manager.query<SegmentRow[]>(`SELECT ${COLUMNS} FROM segments WHERE segment_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: SegmentDefinitionViewDto): string {
    return view.segment_id;
  }

  async insert(input: SegmentDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    const groupId = input.segment_group_id ? await activeSegmentGroupId(input.segment_group_id, 'segment_group_id', manager) : null;
    const conditions = await this.checkedConditions(id, input.conditions, manager);
    await manager.query(
      `INSERT INTO segments (segment_id, name, segment_group_id, note, priority, segment_picture_url, conditions, conditions_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::jsonb IS NOT NULL THEN now() END)`,
      [id, input.name.trim(), groupId, input.note ?? null, input.priority ?? null, input.segment_picture_url ?? null, conditions],
    );
    return id;
  }

  async update(id: string, input: SegmentDefinitionDto, manager: EntityManager): Promise<void> {
    const groupId = input.segment_group_id ? await this.groupOf(id, input.segment_group_id, manager) : null;
    const conditions = await this.checkedConditions(id, input.conditions, manager);
    // A changed tree asks the evaluation for a full pass; an unchanged one keeps its members as they are.
    await manager.query(
      `UPDATE segments SET name = $2, segment_group_id = $3, note = $4, priority = $5, segment_picture_url = $6, last_change = now(),
              conditions_changed_at = CASE WHEN conditions IS DISTINCT FROM $7::jsonb THEN now() ELSE conditions_changed_at END,
              conditions = $7
        WHERE segment_id = $1`,
      [id, input.name.trim(), groupId, input.note ?? null, input.priority ?? null, input.segment_picture_url ?? null, conditions],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    // Activated again, a dynamic segment is evaluated in full: its members froze while it was not.
    await manager.query(
      `UPDATE segments SET state = $2::smallint, last_change = now(),
              conditions_changed_at = CASE WHEN $2::smallint = 1 AND conditions IS NOT NULL THEN now() ELSE conditions_changed_at END
        WHERE segment_id = $1`,
      [id, state],
    );
  }

  /**
   * The tree as stored (JSON text), or null for a static segment: checked against the schema, naming
   * segments that exist, and not leading back to the segment itself through the segments it names.
   */
  private async checkedConditions(id: string, input: unknown, manager: EntityManager): Promise<string | null> {
    if (input === undefined || input === null) return null;
    const tree = checkSegmentConditions(input);
    const named = referencedSegmentIds(tree);
    if (named.length === 0) return JSON.stringify(tree);
    const rows = await manager.query<{ segment_id: string; conditions: SegmentCondition | null }[]>(
      `SELECT segment_id, conditions FROM segments WHERE segment_id = ANY($1) OR conditions IS NOT NULL`,
      [named],
    );
    const byId = new Map(rows.map((row) => [row.segment_id, row.conditions]));
    const unknown = named.find((segmentId) => !byId.has(segmentId));
    if (unknown !== undefined) throw CommonException.invalid('conditions', InvalidReason.NotFound, 'No segment has this id', unknown);
    const seen = new Set<string>();
    const pending = [...named];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (next === id)
        throw CommonException.invalid('conditions', InvalidReason.NotAllowedValue, 'A segment cannot depend on itself', next);
      if (seen.has(next)) continue;
      seen.add(next);
      const nested = byId.get(next);
      if (nested) pending.push(...referencedSegmentIds(nested));
    }
    return JSON.stringify(tree);
  }

  /** The group's id; a segment keeps a group that was deactivated since, but moves only into an active one. */
  private async groupOf(id: string, key: string, manager: EntityManager): Promise<string> {
    const [current] = await manager.query<{ segment_group_id: string }[]>(
      `SELECT g.segment_group_id FROM segments s JOIN segment_groups g ON g.segment_group_id = s.segment_group_id
        WHERE s.segment_id = $1 AND (g.segment_group_id = $2 OR g.text_id = $2)`,
      [id, key],
    );
    return current?.segment_group_id ?? (await activeSegmentGroupId(key, 'segment_group_id', manager));
  }
}
