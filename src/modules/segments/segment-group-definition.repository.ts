import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { SegmentGroupDefinitionDto, SegmentGroupDefinitionViewDto } from './dto/segment-group-definition.dto';

interface SegmentGroupRow {
  segment_group_id: string;
  text_id: string | null;
  name: string;
  parent_group_id: string | null;
  note: string | null;
  state: number;
  last_change: Date;
}

const toView = (row: SegmentGroupRow): SegmentGroupDefinitionViewDto => ({
  segment_group_id: row.segment_group_id,
  text_id: row.text_id,
  name: row.name,
  parent_group_id: row.parent_group_id,
  note: row.note,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

const COLUMNS = 'segment_group_id, text_id, name, parent_group_id, note, state, last_change';

/**
 * The active segment group an operator names by id or text id, as `field` of their input; a 400
 * naming the field when none is. Shared by groups (their parent) and segments (their group).
 */
export async function activeSegmentGroupId(key: string, field: string, manager: EntityManager): Promise<string> {
  const [group] = await manager.query<{ segment_group_id: string; state: number }[]>(
    `SELECT segment_group_id, state FROM segment_groups WHERE segment_group_id = $1 OR text_id = $1 ORDER BY segment_group_id = $1 DESC LIMIT 1`,
    [key],
  );
  if (!group) throw CommonException.invalid(field, InvalidReason.NotFound, 'No segment group has this id or text id', key);
  if (group.state !== 1) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The segment group is deactivated', key);
  return group.segment_group_id;
}

/** Segment groups as the operator defines them: found by id or text id, nested under a parent group. */
@Injectable()
export class SegmentGroupDefinitionRepository implements DefinitionStore<SegmentGroupDefinitionDto, SegmentGroupDefinitionViewDto> {
  readonly kind = 'segment_group';
  readonly resource = 'segment-groups';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<SegmentGroupDefinitionViewDto>> {
    const found = await queryRowPage<SegmentGroupRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'segment_groups',
        conditions: ['($1::text IS NULL OR text_id ILIKE $1 OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'segment_group_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<SegmentGroupDefinitionViewDto | null> {
    const [row] = await manager.query<SegmentGroupRow[]>(
      `SELECT ${COLUMNS} FROM segment_groups WHERE segment_group_id = $1 OR text_id = $1 ORDER BY segment_group_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: SegmentGroupDefinitionViewDto): string {
    return view.segment_group_id;
  }

  async insert(input: SegmentGroupDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id ?? null, null, manager);
    const id = newId();
    const parentId = input.parent_group_id ? await activeSegmentGroupId(input.parent_group_id, 'parent_group_id', manager) : null;
    await manager.query(`INSERT INTO segment_groups (segment_group_id, text_id, name, parent_group_id, note) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      input.text_id ?? null,
      input.name.trim(),
      parentId,
      input.note ?? null,
    ]);
    return id;
  }

  async update(id: string, input: SegmentGroupDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id ?? null, id, manager);
    const parentId = input.parent_group_id ? await this.parentOf(id, input.parent_group_id, manager) : null;
    await manager.query(
      `UPDATE segment_groups SET text_id = $2, name = $3, parent_group_id = $4, note = $5, last_change = now() WHERE segment_group_id = $1`,
      [id, input.text_id ?? null, input.name.trim(), parentId, input.note ?? null],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE segment_groups SET state = $2, last_change = now() WHERE segment_group_id = $1`, [id, state]);
  }

  /** The parent's id; a group keeps a parent that was deactivated since, but cannot sit inside itself. */
  private async parentOf(id: string, key: string, manager: EntityManager): Promise<string> {
    const [current] = await manager.query<{ segment_group_id: string }[]>(
      `SELECT p.segment_group_id FROM segment_groups g JOIN segment_groups p ON p.segment_group_id = g.parent_group_id
        WHERE g.segment_group_id = $1 AND (p.segment_group_id = $2 OR p.text_id = $2)`,
      [id, key],
    );
    const parentId = current?.segment_group_id ?? (await activeSegmentGroupId(key, 'parent_group_id', manager));
    const [cycle] = await manager.query<unknown[]>(
      `WITH RECURSIVE ancestors(segment_group_id) AS (
         SELECT $1::varchar
         UNION SELECT g.parent_group_id FROM segment_groups g JOIN ancestors a ON g.segment_group_id = a.segment_group_id
          WHERE g.parent_group_id IS NOT NULL)
       SELECT 1 FROM ancestors WHERE segment_group_id = $2`,
      [parentId, id],
    );
    if (cycle) throw CommonException.invalid('parent_group_id', InvalidReason.NotAllowedValue, 'A group cannot sit inside itself', key);
    return parentId;
  }

  private async assertTextIdFree(textId: string | null, ownId: string | null, manager: EntityManager): Promise<void> {
    if (textId === null) return;
    const [clash] = await manager.query<unknown[]>(
      `SELECT 1 FROM segment_groups WHERE text_id = $1 AND segment_group_id IS DISTINCT FROM $2`,
      [textId, ownId],
    );
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another segment group has this text id', textId);
  }
}
