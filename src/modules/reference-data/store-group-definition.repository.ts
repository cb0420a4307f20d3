import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { StoreGroupDefinitionDto, StoreGroupDefinitionViewDto } from './dto/store-group-definition.dto';

interface StoreGroupRow {
  store_group_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = (row: StoreGroupRow): StoreGroupDefinitionViewDto => ({
  store_group_id: row.store_group_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Store groups as the operator defines them: found by id (they have no other key). */
@Injectable()
export class StoreGroupDefinitionRepository implements DefinitionStore<StoreGroupDefinitionDto, StoreGroupDefinitionViewDto> {
  readonly kind = 'store_group';
  readonly resource = 'store-groups';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<StoreGroupDefinitionViewDto>> {
    const found = await queryRowPage<StoreGroupRow>(
      this.dataSource,
      {
        columns: 'store_group_id, name, state, last_change',
        from: 'store_groups',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'store_group_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<StoreGroupDefinitionViewDto | null> {
    const [row] = await manager.query<StoreGroupRow[]>(
      `SELECT store_group_id, name, state, last_change FROM store_groups WHERE store_group_id = $1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: StoreGroupDefinitionViewDto): string {
    return view.store_group_id;
  }

  async insert(input: StoreGroupDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(`INSERT INTO store_groups (store_group_id, name) VALUES ($1, $2)`, [id, input.name]);
    return id;
  }

  async update(id: string, input: StoreGroupDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE store_groups SET name = $2, last_change = now() WHERE store_group_id = $1`, [id, input.name]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE store_groups SET state = $2, last_change = now() WHERE store_group_id = $1`, [id, state]);
  }
}
