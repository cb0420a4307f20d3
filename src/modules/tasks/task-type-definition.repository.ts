import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { TaskTypeDefinitionDto, TaskTypeDefinitionViewDto } from './dto/task-catalogue-definition.dto';
import { TaskCatalogueService } from './task-catalogue.service';

interface TypeRow {
  task_type_id: string;
  text_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const TYPE_COLUMNS = 't.task_type_id, t.text_id, t.name, t.state, t.last_change';

const toView = (row: TypeRow): TaskTypeDefinitionViewDto => ({
  task_type_id: row.task_type_id,
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Task types as the operator defines them: found by id or text id; the writes are the catalogue service's. */
@Injectable()
export class TaskTypeDefinitionRepository implements DefinitionStore<TaskTypeDefinitionDto, TaskTypeDefinitionViewDto> {
  readonly kind = 'task_type';
  readonly resource = 'task-types';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: TaskCatalogueService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<TaskTypeDefinitionViewDto>> {
    const found = await queryRowPage<TypeRow>(
      this.dataSource,
      {
        columns: TYPE_COLUMNS,
        from: 'task_types t',
        conditions: ['($1::text IS NULL OR t.text_id ILIKE $1 OR t.name ILIKE $1)', '($2::smallint IS NULL OR t.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'task_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<TaskTypeDefinitionViewDto | null> {
    const [row] = await manager.query<TypeRow[]>(
      `SELECT ${TYPE_COLUMNS} FROM task_types t WHERE t.task_type_id = $1 OR t.text_id = $1 ORDER BY t.task_type_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: TaskTypeDefinitionViewDto): string {
    return view.task_type_id;
  }

  insert(input: TaskTypeDefinitionDto, manager: EntityManager): Promise<string> {
    return this.catalogue.insertType({ textId: input.text_id, name: input.name, state: input.state }, manager);
  }

  update(id: string, input: TaskTypeDefinitionDto, manager: EntityManager): Promise<void> {
    return this.catalogue.updateType(id, { textId: input.text_id, name: input.name, state: input.state }, manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.catalogue.setTypeState(id, state, manager);
  }
}
