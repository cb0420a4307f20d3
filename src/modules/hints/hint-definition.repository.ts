import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { HintDefinitionDto, HintDefinitionViewDto } from './dto/hint-definition.dto';
import { HintState } from './entities/hint.entity';

interface HintRow {
  hint_id: string;
  name: string;
  brief_description: string | null;
  detailed_description: string | null;
  content: string | null;
  picture_urls: string[];
  web_url: string | null;
  state: number;
  customers: number;
  last_change: Date;
}

const HINT_COLUMNS = `h.hint_id, h.name, h.brief_description, h.detailed_description, h.content, h.picture_urls, h.web_url, h.state,
  h.last_change, (SELECT count(*)::int FROM customer_hint_records r WHERE r.hint_id = h.hint_id) AS customers`;

/** The view leaves empty fields out, so that `show` prints a file `change` takes back. */
const toView = (row: HintRow): HintDefinitionViewDto => ({
  recommendation_id: row.hint_id,
  name: row.name,
  ...(row.brief_description !== null && { brief_description: row.brief_description }),
  ...(row.detailed_description !== null && { detailed_description: row.detailed_description }),
  ...(row.content !== null && { content: row.content }),
  picture_urls: row.picture_urls,
  ...(row.web_url !== null && { web_url: row.web_url }),
  state: row.state,
  customers: row.customers,
  last_change: new Date(row.last_change).toISOString(),
});

const valuesOf = (input: HintDefinitionDto) => [
  input.name,
  input.brief_description ?? null,
  input.detailed_description ?? null,
  input.content ?? null,
  input.picture_urls ?? [],
  input.web_url ?? null,
  input.state ?? HintState.Active,
];

/** Hints as the operator defines them: found by id only, as they have no human key. */
@Injectable()
export class HintDefinitionRepository implements DefinitionStore<HintDefinitionDto, HintDefinitionViewDto> {
  readonly kind = 'hint';
  readonly resource = 'hints';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<HintDefinitionViewDto>> {
    const found = await queryRowPage<HintRow>(
      this.dataSource,
      {
        columns: HINT_COLUMNS,
        from: 'hints h',
        conditions: ['($1::text IS NULL OR h.name ILIKE $1)', '($2::smallint IS NULL OR h.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'hint_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<HintDefinitionViewDto | null> {
    const [row] = await manager.query<HintRow[]>(`SELECT ${HINT_COLUMNS} FROM hints h WHERE h.hint_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: HintDefinitionViewDto): string {
    return view.recommendation_id;
  }

  async insert(input: HintDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(
      `INSERT INTO hints (hint_id, name, brief_description, detailed_description, content, picture_urls, web_url, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, ...valuesOf(input)],
    );
    return id;
  }

  /** Replaces the definition and keeps the assignments; a deactivated hint stays so until activated. */
  async update(id: string, input: HintDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE hints SET name = $2, brief_description = $3, detailed_description = $4, content = $5, picture_urls = $6, web_url = $7,
              state = CASE WHEN state = ${HintState.Deleted} THEN state ELSE $8 END, last_change = now()
        WHERE hint_id = $1`,
      [id, ...valuesOf(input)],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE hints SET state = $2, last_change = now() WHERE hint_id = $1`, [id, state]);
  }
}
