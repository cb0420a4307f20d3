import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { PointTypeDefinitionDto, PointTypeDefinitionViewDto } from './dto/point-type-definition.dto';
import { keepOneDefault } from './single-default';

interface PointTypeRow {
  point_type_id: string;
  name: string;
  is_default: boolean;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: PointTypeRow): PointTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `point_type_id, name, is_default, state, last_change`;
const DEFAULTS = { table: 'point_types', idColumn: 'point_type_id', noun: 'point type' } as const;

/**
 * Point types as the operator defines them, found by id (they have no other key). Exactly one active
 * type is the default, which requests that name no point type get; deactivated, a type keeps the points
 * of its customers but leaves the contract's list and takes no new points a request names it for.
 */
@Injectable()
export class PointTypeDefinitionRepository implements DefinitionStore<PointTypeDefinitionDto, PointTypeDefinitionViewDto> {
  readonly kind = 'point_type';
  readonly resource = 'point-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<PointTypeDefinitionViewDto>> {
    const found = await queryRowPage<PointTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'point_types',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'point_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<PointTypeDefinitionViewDto | null> {
    const [row] = await manager.query<PointTypeRow[]>(`SELECT ${COLUMNS} FROM point_types WHERE point_type_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: PointTypeDefinitionViewDto): string {
    return view.point_type_id;
  }

  async insert(input: PointTypeDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await keepOneDefault.beforeInsert(DEFAULTS, input.is_default, manager);
    await manager.query(`INSERT INTO point_types (point_type_id, name, is_default) VALUES ($1, $2, $3)`, [
      id,
      input.name,
      input.is_default,
    ]);
    return id;
  }

  async update(id: string, input: PointTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await keepOneDefault.beforeUpdate(DEFAULTS, id, input.is_default, manager);
    await manager.query(`UPDATE point_types SET name = $2, is_default = $3, last_change = now() WHERE point_type_id = $1`, [
      id,
      input.name,
      input.is_default,
    ]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await keepOneDefault.beforeSetState(DEFAULTS, id, state, manager);
    await manager.query(`UPDATE point_types SET state = $2, last_change = now() WHERE point_type_id = $1`, [id, state]);
  }
}
