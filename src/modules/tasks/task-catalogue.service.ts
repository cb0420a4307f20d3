import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { fetchPage, newId } from '@tessera/core';
import { CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam, textIdProblems, throwIfAny } from '@tessera/http';
import { TaskCatalogueState, TaskStateEntity, TaskTypeEntity } from './entities/task-catalogue.entity';

const TASK_TYPE_SORT_COLUMNS = { task_type_id: 't.id', name: 't.name', text_id: 't.textId', state: 't.state' } as const;
export type TaskTypeSortField = keyof typeof TASK_TYPE_SORT_COLUMNS;
export const TASK_TYPE_SORT_FIELDS = Object.keys(TASK_TYPE_SORT_COLUMNS) as TaskTypeSortField[];

const TASK_STATE_SORT_COLUMNS = { task_state_id: 's.id', name: 's.name', text_id: 's.textId', state: 's.state' } as const;
export type TaskStateSortField = keyof typeof TASK_STATE_SORT_COLUMNS;
export const TASK_STATE_SORT_FIELDS = Object.keys(TASK_STATE_SORT_COLUMNS) as TaskStateSortField[];

/** Text ids are keys integrators write into code: lowercase letters, digits and underscores. */

/** A task type or state as the operator defines it, keyed by its text id. */
export interface TaskCatalogueDefinition {
  textId: string;
  name: string;
  /** Active unless given; removing (0) is `remove`. */
  state?: TaskCatalogueState.Active | TaskCatalogueState.Inactive;
}

export interface TaskStateDefinition extends TaskCatalogueDefinition {
  /** A task in a final state stays in it. */
  isFinal?: boolean;
}

/** What `define` did, and the record's id (new ones get an opaque id). */
export interface TaskDefineOutcome {
  id: string;
  created: boolean;
}

/**
 * Task types and task states: catalogues the API only lists and the operator maintains with the admin
 * CLI. Removing marks a record deleted (state 0): tasks keep pointing at it, and defining it again restores it.
 */
@Injectable()
export class TaskCatalogueService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TaskTypeEntity) private readonly types: Repository<TaskTypeEntity>,
    @InjectRepository(TaskStateEntity) private readonly states: Repository<TaskStateEntity>,
  ) {}

  // ---- reads (API) ----

  async listTypes(page: PageRequest<TaskTypeSortField>): Promise<Page<TaskTypeEntity>> {
    return fetchPage(this.types.createQueryBuilder('t'), page, TASK_TYPE_SORT_COLUMNS, 't.id', { oneRowPerRecord: true });
  }

  async getType(typeId: string): Promise<TaskTypeEntity> {
    const type = await this.types.findOne({ where: { id: typeId } });
    if (!type) throw CommonException.recordNotFound('task-types', typeId);
    return type;
  }

  async listStates(page: PageRequest<TaskStateSortField>): Promise<Page<TaskStateEntity>> {
    return fetchPage(this.states.createQueryBuilder('s'), page, TASK_STATE_SORT_COLUMNS, 's.id', { oneRowPerRecord: true });
  }

  async getState(stateId: string): Promise<TaskStateEntity> {
    const state = await this.states.findOne({ where: { id: stateId } });
    if (!state) throw CommonException.recordNotFound('task-states', stateId);
    return state;
  }

  async findType(typeId: string): Promise<TaskTypeEntity | null> {
    return this.types.findOne({ where: { id: typeId } });
  }

  async findState(stateId: string): Promise<TaskStateEntity | null> {
    return this.states.findOne({ where: { id: stateId } });
  }

  // ---- the operator's (admin CLI) ----

  async allTypes(): Promise<TaskTypeEntity[]> {
    return this.types.find({ order: { textId: 'ASC' } });
  }

  async allStates(): Promise<TaskStateEntity[]> {
    return this.states.find({ order: { textId: 'ASC' } });
  }

  async defineType(definition: TaskCatalogueDefinition): Promise<TaskDefineOutcome> {
    throwIfAny(definitionProblems(definition));
    const [row]: { task_type_id: string; created: boolean }[] = await this.dataSource.query(
      `INSERT INTO task_types (task_type_id, text_id, name, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (text_id) DO UPDATE SET name = EXCLUDED.name, state = EXCLUDED.state, last_change = now()
       RETURNING task_type_id, (xmax = 0) AS created`,
      [newId(), definition.textId, definition.name.trim(), definition.state ?? TaskCatalogueState.Active],
    );
    return { id: row.task_type_id, created: row.created };
  }

  async defineState(definition: TaskStateDefinition): Promise<TaskDefineOutcome> {
    throwIfAny(definitionProblems(definition));
    const [row]: { task_state_id: string; created: boolean }[] = await this.dataSource.query(
      `INSERT INTO task_states (task_state_id, text_id, name, is_final, state) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (text_id) DO UPDATE SET name = EXCLUDED.name, is_final = EXCLUDED.is_final, state = EXCLUDED.state, last_change = now()
       RETURNING task_state_id, (xmax = 0) AS created`,
      [newId(), definition.textId, definition.name.trim(), definition.isFinal ?? false, definition.state ?? TaskCatalogueState.Active],
    );
    return { id: row.task_state_id, created: row.created };
  }

  /** Marks the type removed, by id or text id; false when it was removed already. */
  async removeType(idOrTextId: string): Promise<boolean> {
    return this.markRemoved('task_types', 'task_type_id', 'task_type', idOrTextId);
  }

  /** Marks the state removed, by id or text id; tasks in it stay there until moved. False when it was removed already. */
  async removeState(idOrTextId: string): Promise<boolean> {
    return this.markRemoved('task_states', 'task_state_id', 'task_state', idOrTextId);
  }

  /** `table` and `idColumn` are constants of this class, never input. */
  private async markRemoved(table: string, idColumn: string, what: string, idOrTextId: string): Promise<boolean> {
    const found: { state: TaskCatalogueState }[] = await this.dataSource.query(
      `SELECT state FROM ${table} WHERE ${idColumn} = $1 OR text_id = $1`,
      [idOrTextId],
    );
    if (found.length === 0)
      throw CommonException.invalid(
        `${what}_id`,
        InvalidReason.NotFound,
        `No ${what.replace('_', ' ')} has this id or text id`,
        idOrTextId,
      );
    if (found[0].state === TaskCatalogueState.Deleted) return false;
    await this.dataSource.query(
      `UPDATE ${table} SET state = ${TaskCatalogueState.Deleted}, last_change = now() WHERE ${idColumn} = $1 OR text_id = $1`,
      [idOrTextId],
    );
    return true;
  }
}

function definitionProblems(definition: TaskCatalogueDefinition): InvalidParam[] {
  const problems = textIdProblems(definition.textId);
  if (definition.name.trim() === '') problems.push(invalidParam('name', InvalidReason.Empty, 'The name must not be empty'));
  return problems;
}
