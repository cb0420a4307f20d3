import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { TaskStateDefinitionDto, TaskStateDefinitionViewDto } from './dto/task-catalogue-definition.dto';
import { TaskCatalogueService } from './task-catalogue.service';

interface StateRow {
  task_state_id: string;
  text_id: string;
  name: string;
  state: number;
  is_final: boolean;
  last_change: Date;
}

const STATE_COLUMNS = 's.task_state_id, s.text_id, s.name, s.state, s.is_final, s.last_change';

const toView = (row: StateRow): TaskStateDefinitionViewDto => ({
  task_state_id: row.task_state_id,
  text_id: row.text_id,
  name: row.name,
  state: row.state,
  is_final: row.is_final,
  last_change: new Date(row.last_change).toISOString(),
});

/** Task states as the operator defines them: found by id or text id; the writes are the catalogue service's. */
@Injectable()
export class TaskStateDefinitionRepository implements DefinitionStore<TaskStateDefinitionDto, TaskStateDefinitionViewDto> {
  readonly kind = 'task_state';
  readonly resource = 'task-states';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: TaskCatalogueService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<TaskStateDefinitionViewDto>> {
    const found = await queryRowPage<StateRow>(
      this.dataSource,
      {
        columns: STATE_COLUMNS,
        from: 'task_states s',
        conditions: ['($1::text IS NULL OR s.text_id ILIKE $1 OR s.name ILIKE $1)', '($2::smallint IS NULL OR s.state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['text_id'],
        id: 'task_state_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<TaskStateDefinitionViewDto | null> {
    const [row] = await manager.query<StateRow[]>(
      `SELECT ${STATE_COLUMNS} FROM task_states s WHERE s.task_state_id = $1 OR s.text_id = $1 ORDER BY s.task_state_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: TaskStateDefinitionViewDto): string {
    return view.task_state_id;
  }

  insert(input: TaskStateDefinitionDto, manager: EntityManager): Promise<string> {
    return this.catalogue.insertState({ textId: input.text_id, name: input.name, state: input.state, isFinal: input.is_final }, manager);
  }

  update(id: string, input: TaskStateDefinitionDto, manager: EntityManager): Promise<void> {
    return this.catalogue.updateState(
      id,
      { textId: input.text_id, name: input.name, state: input.state, isFinal: input.is_final },
      manager,
    );
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.catalogue.setStateState(id, state, manager);
  }
}
