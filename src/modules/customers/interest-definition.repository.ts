import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { InterestDefinitionDto, InterestDefinitionViewDto } from './dto/interest-definition.dto';

interface InterestRow {
  interest_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = (row: InterestRow): InterestDefinitionViewDto => ({
  interest_id: row.interest_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Interests as the operator defines them: found by id (they have no other key). */
@Injectable()
export class InterestDefinitionRepository implements DefinitionStore<InterestDefinitionDto, InterestDefinitionViewDto> {
  readonly kind = 'interest';
  readonly resource = 'interests';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<InterestDefinitionViewDto>> {
    const found = await queryRowPage<InterestRow>(
      this.dataSource,
      {
        columns: 'interest_id, name, state, last_change',
        from: 'interests',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'interest_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<InterestDefinitionViewDto | null> {
    const [row] = await manager.query<InterestRow[]>(`SELECT interest_id, name, state, last_change FROM interests WHERE interest_id = $1`, [
      key,
    ]);
    return row ? toView(row) : null;
  }

  idOf(view: InterestDefinitionViewDto): string {
    return view.interest_id;
  }

  async insert(input: InterestDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(`INSERT INTO interests (interest_id, name) VALUES ($1, $2)`, [id, input.name.trim()]);
    return id;
  }

  async update(id: string, input: InterestDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE interests SET name = $2, last_change = now() WHERE interest_id = $1`, [id, input.name.trim()]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE interests SET state = $2, last_change = now() WHERE interest_id = $1`, [id, state]);
  }
}
