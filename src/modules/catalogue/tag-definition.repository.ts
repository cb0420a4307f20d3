import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { TagDefinitionDto, TagDefinitionViewDto } from './dto/tag-definition.dto';

interface TagRow {
  tag_id: string;
  text_id: string;
  names: Record<string, string>;
  state: number;
  last_change: Date;
}

const toView = (row: TagRow): TagDefinitionViewDto => ({
  tag_id: row.tag_id,
  text_id: row.text_id,
  names: row.names,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Tags as the operator defines them: found by id or text id. */
@Injectable()
export class TagDefinitionRepository implements DefinitionStore<TagDefinitionDto, TagDefinitionViewDto> {
  readonly kind = 'tag';
  readonly resource = 'tags';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<TagDefinitionViewDto>> {
    const found = await queryRowPage<TagRow>(
      this.dataSource,
      {
        columns: 't.tag_id, t.text_id, t.names, t.state, t.last_change',
        from: 'tags t',
        conditions: [
          '($1::text IS NULL OR t.text_id ILIKE $1 OR EXISTS (SELECT 1 FROM jsonb_each_text(t.names) n WHERE n.value ILIKE $1))',
          '($2::smallint IS NULL OR t.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'tag_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<TagDefinitionViewDto | null> {
    const [row] = await manager.query<TagRow[]>(
      `SELECT tag_id, text_id, names, state, last_change FROM tags WHERE tag_id = $1 OR text_id = $1 ORDER BY tag_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: TagDefinitionViewDto): string {
    return view.tag_id;
  }

  async insert(input: TagDefinitionDto, manager: EntityManager): Promise<string> {
    await this.assertTextIdFree(input.text_id, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO tags (tag_id, text_id, names) VALUES ($1, $2, $3)`, [id, input.text_id, input.names]);
    return id;
  }

  async update(id: string, input: TagDefinitionDto, manager: EntityManager): Promise<void> {
    await this.assertTextIdFree(input.text_id, id, manager);
    await manager.query(`UPDATE tags SET text_id = $2, names = $3, last_change = now() WHERE tag_id = $1`, [
      id,
      input.text_id,
      input.names,
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE tags SET state = $2, last_change = now() WHERE tag_id = $1`, [id, state]);
  }

  private async assertTextIdFree(textId: string, ownId: string | null, manager: EntityManager): Promise<void> {
    const [clash] = await manager.query<{ tag_id: string }[]>(`SELECT tag_id FROM tags WHERE text_id = $1 AND tag_id IS DISTINCT FROM $2`, [
      textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another tag has this text id', textId);
  }
}
