import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
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
  /** Active unless given; removing (0) is the lifecycle's deactivate. */
  state?: TaskCatalogueState.Active | TaskCatalogueState.Inactive;
}

export interface TaskStateDefinition extends TaskCatalogueDefinition {
  /** A task in a final state stays in it. */
  isFinal?: boolean;
}

/**
 * Task types and task states: catalogues the API only lists and the operator maintains through the
 * operator API and the CLI. Removing marks a record deleted (state 0): tasks keep pointing at it, and activating restores it.
 */
@Injectable()
export class TaskCatalogueService {
  constructor(
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

  // ---- the operator's (operator API and CLI, through the definition lifecycle) ----

  async insertType(definition: TaskCatalogueDefinition, manager: EntityManager): Promise<string> {
    await this.assertDefinition('task_types', 'task_type_id', 'task type', definition, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO task_types (task_type_id, text_id, name, state) VALUES ($1, $2, $3, $4)`, [
      id,
      definition.textId,
      definition.name.trim(),
      definition.state ?? TaskCatalogueState.Active,
    ]);
    return id;
  }

  /** Replaces the type's definition; a removed type stays removed until activated. */
  async updateType(typeId: string, definition: TaskCatalogueDefinition, manager: EntityManager): Promise<void> {
    await this.assertDefinition('task_types', 'task_type_id', 'task type', definition, typeId, manager);
    await manager.query(
      `UPDATE task_types SET text_id = $2, name = $3, state = ${keepRemoved('$4')}, last_change = now() WHERE task_type_id = $1`,
      [typeId, definition.textId, definition.name.trim(), definition.state ?? TaskCatalogueState.Active],
    );
  }

  /** Removing (0) keeps the type for the tasks that have it. */
  async setTypeState(typeId: string, state: TaskCatalogueState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE task_types SET state = $2, last_change = now() WHERE task_type_id = $1`, [typeId, state]);
  }

  async insertState(definition: TaskStateDefinition, manager: EntityManager): Promise<string> {
    await this.assertDefinition('task_states', 'task_state_id', 'task state', definition, null, manager);
    const id = newId();
    await manager.query(`INSERT INTO task_states (task_state_id, text_id, name, is_final, state) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      definition.textId,
      definition.name.trim(),
      definition.isFinal ?? false,
      definition.state ?? TaskCatalogueState.Active,
    ]);
    return id;
  }

  /** Replaces the state's definition; a removed state stays removed until activated. */
  async updateState(stateId: string, definition: TaskStateDefinition, manager: EntityManager): Promise<void> {
    await this.assertDefinition('task_states', 'task_state_id', 'task state', definition, stateId, manager);
    await manager.query(
      `UPDATE task_states SET text_id = $2, name = $3, is_final = $4, state = ${keepRemoved('$5')}, last_change = now() WHERE task_state_id = $1`,
      [stateId, definition.textId, definition.name.trim(), definition.isFinal ?? false, definition.state ?? TaskCatalogueState.Active],
    );
  }

  /** Removing (0) leaves the tasks in the state there until they are moved. */
  async setStateState(stateId: string, state: TaskCatalogueState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE task_states SET state = $2, last_change = now() WHERE task_state_id = $1`, [stateId, state]);
  }

  /** `table` and `idColumn` are constants of this class, never input. */
  private async assertDefinition(
    table: string,
    idColumn: string,
    what: string,
    definition: TaskCatalogueDefinition,
    ownId: string | null,
    manager: EntityManager,
  ): Promise<void> {
    throwIfAny(definitionProblems(definition));
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM ${table} WHERE text_id = $1 AND ${idColumn} IS DISTINCT FROM $2`, [
      definition.textId,
      ownId,
    ]);
    if (clash) throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, `Another ${what} has this text id`, definition.textId);
  }
}

/** An update's new state: the file's (`parameter`), unless the record is removed, which only activating undoes. */
function keepRemoved(parameter: string): string {
  return `CASE WHEN state = ${TaskCatalogueState.Deleted} THEN state ELSE ${parameter}::smallint END`;
}

function definitionProblems(definition: TaskCatalogueDefinition): InvalidParam[] {
  const problems = textIdProblems(definition.textId);
  if (definition.name.trim() === '') problems.push(invalidParam('name', InvalidReason.Empty, 'The name must not be empty'));
  return problems;
}
