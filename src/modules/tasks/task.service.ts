import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern, newId } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidReason,
  Page,
  PageRequest,
  customerFilterInScope,
  customerInScope,
  invalidParam,
  visibleRecord,
  PropertyRecordInputDto,
} from '@tessera/http';
import { ApiUserService } from '../auth';
import { CustomerAccountService } from '../customers';
import { CheckedPropertyValue, PropertyRecordStore, assertUniquePropertyValues, checkPropertyRecords } from '../reference-data';
import { TaskPostBodyDto, TaskInputDto } from './dto/task.dto';
import { TaskCatalogueState, TaskStateEntity } from './entities/task-catalogue.entity';
import { TaskEntity, TaskPropertyRecordEntity } from './entities/task.entity';
import { TaskCatalogueService } from './task-catalogue.service';
import { TaskPropertyService } from './task-property.service';
import { TaskStateRef, taskStateMove } from './task-state-machine';
import { writeOutboxEvent } from '../../platform/outbox';

const TASK_SORT_COLUMNS = {
  task_id: 't.id',
  task_type_id: 't.taskTypeId',
  task_state_id: 't.taskStateId',
  customer_id: 't.customerId',
  task_title: 't.title',
  task_note: 't.note',
  task_priority: 't.priority',
  due_date: 't.dueDate',
  created_at: 't.createdAt',
  state: 't.state',
} as const;
export type TaskSortField = keyof typeof TASK_SORT_COLUMNS;
export const TASK_SORT_FIELDS = Object.keys(TASK_SORT_COLUMNS) as TaskSortField[];

export interface TaskFilter {
  task_type_id?: string;
  task_state_id?: string;
  customer_id?: string;
  priority?: number;
  due_date?: string;
  /** Part of the title, without regard to letter case. */
  task_title?: string;
  /** Part of the note, without regard to letter case. */
  task_note?: string;
}

/** A stored property value of a task, with its property's name. */
export interface TaskPropertyRecordView {
  record: TaskPropertyRecordEntity;
  propertyName: string | null;
}

/** Where task property values are kept, for the uniqueness check. */
const TASK_PROPERTY_RECORDS: PropertyRecordStore = {
  records: 'task_property_records',
  lockPrefix: 'task-property',
  takenMessage: 'Another task has this value',
};

/**
 * Tasks of customers. On the Customer interface a customer sees and writes their own tasks only and
 * cannot assign users. A task's workflow state moves by `PUT`, as `taskStateMove` allows; the creation
 * and every move write a `task_state_change` event in the same transaction.
 */
@Injectable()
export class TaskService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TaskEntity) private readonly tasks: Repository<TaskEntity>,
    @InjectRepository(TaskPropertyRecordEntity) private readonly records: Repository<TaskPropertyRecordEntity>,
    private readonly catalogue: TaskCatalogueService,
    private readonly properties: TaskPropertyService,
    private readonly customers: CustomerAccountService,
    private readonly users: ApiUserService,
  ) {}

  async list(actor: Actor, filter: TaskFilter, page: PageRequest<TaskSortField>): Promise<Page<TaskEntity>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.tasks.createQueryBuilder('t');
    if (customerId !== undefined) query.andWhere('t.customer_id = :customerId', { customerId });
    if (filter.task_type_id) query.andWhere('t.task_type_id = :typeId', { typeId: filter.task_type_id });
    if (filter.task_state_id) query.andWhere('t.task_state_id = :stateId', { stateId: filter.task_state_id });
    if (filter.priority !== undefined) query.andWhere('t.task_priority = :priority', { priority: filter.priority });
    if (filter.due_date) query.andWhere('t.due_date = :dueDate', { dueDate: filter.due_date });
    if (filter.task_title) query.andWhere('t.task_title ILIKE :title', { title: likePattern(filter.task_title) });
    if (filter.task_note) query.andWhere('t.task_note ILIKE :note', { note: likePattern(filter.task_note) });
    return fetchPage(query, page, TASK_SORT_COLUMNS, 't.id', { defaultOrder: 't.createdAt', oneRowPerRecord: true });
  }

  /** The task named in a path; another customer's is as absent as a missing one on the Customer interface. */
  async get(actor: Actor, taskId: string, manager?: EntityManager): Promise<TaskEntity> {
    const repository = manager ? manager.getRepository(TaskEntity) : this.tasks;
    const task = await repository.findOne({ where: { id: taskId }, ...(manager ? { lock: { mode: 'pessimistic_write' } } : {}) });
    return visibleRecord(actor, task, (found) => found.customerId, 'tasks', taskId);
  }

  /** Creates the task with its property values and assignees, and its first state change event, in one transaction. */
  async create(actor: Actor, body: TaskPostBodyDto): Promise<string> {
    const { task } = body;
    const assignees = body.assignees ?? [];
    if (actor.kind === 'device' && assignees.length > 0) {
      throw CommonException.invalid('assignees', InvalidReason.NotAllowedValue, 'Users are assigned on the Enterprise interface only');
    }
    const customerId = customerInScope(actor, task.customer_id, 'task.customer_id');
    await this.customers.requireCustomer(customerId, { field: 'task.customer_id' });
    await this.requireUsableType(task.task_type_id);
    const target = await this.catalogue.findState(task.task_state_id);
    this.requireMove(null, target, task.task_state_id);
    const userIds = await this.checkAssignees(assignees.map((assignee) => assignee.user_id));
    const values = await this.checkValues(body.property_records ?? []);
    const taskId = newId();
    await this.dataSource.transaction(async (m) => {
      await m.insert(TaskEntity, { id: taskId, customerId, ...columnsOf(task) });
      await assertUniquePropertyValues(values, TASK_PROPERTY_RECORDS, m);
      if (values.length > 0) {
        await m.query(
          `INSERT INTO task_property_records (task_id, property_id, property_value)
           SELECT $1, u.property_id, u.value FROM unnest($2::text[], $3::jsonb[]) AS u(property_id, value)`,
          [taskId, values.map((value) => value.propertyId), values.map((value) => JSON.stringify(value.value))],
        );
      }
      if (userIds.length > 0) {
        await m.query(
          `INSERT INTO task_assignees (task_assignee_id, task_id, user_id) SELECT u.id, $1, u.user_id FROM unnest($2::text[], $3::text[]) AS u(id, user_id)`,
          [taskId, userIds.map(() => newId()), userIds],
        );
      }
      await this.recordStateChange(taskId, customerId, null, task.task_state_id, m);
    });
    return taskId;
  }

  /**
   * Replaces the task's fields (a field left out is cleared); property values and assignees stay. The
   * row is locked, so of two concurrent moves the second is judged from the state the first left.
   */
  async update(actor: Actor, taskId: string, input: TaskInputDto): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = await this.get(actor, taskId, m);
      const customerId = customerInScope(actor, input.customer_id, 'task.customer_id');
      if (customerId !== current.customerId) await this.customers.requireCustomer(customerId, { field: 'task.customer_id' });
      if (input.task_type_id !== current.taskTypeId) await this.requireUsableType(input.task_type_id);
      const from = await this.catalogue.findState(current.taskStateId);
      const target = input.task_state_id === current.taskStateId ? from : await this.catalogue.findState(input.task_state_id);
      const changed = this.requireMove(from && stateRef(from), target, input.task_state_id);
      await m.update(TaskEntity, { id: taskId }, { customerId, ...columnsOf(input) });
      if (changed) await this.recordStateChange(taskId, customerId, current.taskStateId, input.task_state_id, m);
    });
  }

  /** Every property value of the task, by property id. */
  async propertyRecords(actor: Actor, taskId: string): Promise<TaskPropertyRecordView[]> {
    await this.get(actor, taskId);
    const records = await this.records.find({ where: { taskId }, order: { propertyId: 'ASC' } });
    const definitions = await this.properties.all();
    return records.map((record) => ({ record, propertyName: definitions.get(record.propertyId)?.name ?? null }));
  }

  /** An active type: an unknown one is `not_found`, a removed one `deleted`, an inactive one `not_allowed_value`. */
  private async requireUsableType(typeId: string): Promise<void> {
    const type = await this.catalogue.findType(typeId);
    const field = 'task.task_type_id';
    if (!type) throw CommonException.invalid(field, InvalidReason.NotFound, 'No task type has this id', typeId);
    if (type.state === TaskCatalogueState.Deleted)
      throw CommonException.invalid(field, InvalidReason.Deleted, 'The task type is removed', typeId);
    if (type.state !== TaskCatalogueState.Active)
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The task type is inactive', typeId);
  }

  /** Whether the task changes state; a move the workflow refuses is a 400 naming the state field. */
  private requireMove(from: TaskStateRef | null, target: TaskStateEntity | null, requested: string): boolean {
    const move = taskStateMove(from, target ? stateRef(target) : undefined);
    if (!move.allowed) throw CommonException.invalid('task.task_state_id', move.reason, move.message, requested);
    return move.changed;
  }

  /** The users to assign, each once; every one must exist. */
  private async checkAssignees(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const names = await this.users.namesOf(userIds);
    const seen = new Set<string>();
    const problems = userIds.flatMap((userId, index) => {
      const field = `assignees.${index}.user_id`;
      if (!names.has(userId)) return [invalidParam(field, InvalidReason.NotFound, 'No user has this id', userId)];
      if (seen.has(userId)) return [invalidParam(field, InvalidReason.RelationAlreadyExists, 'The user is listed more than once', userId)];
      seen.add(userId);
      return [];
    });
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    return userIds;
  }

  /**
   * Checks the values against the task property catalogue: each an active property, at most once, with
   * a value of its data type; every required property must be given.
   */
  private async checkValues(records: PropertyRecordInputDto[]): Promise<CheckedPropertyValue[]> {
    return checkPropertyRecords(records, { properties: await this.properties.all(), unknownMessage: 'No task property has this id' });
  }

  /** The outbox row of a state change; `from` is null when the task is created. Each change is its own event. */
  private async recordStateChange(taskId: string, customerId: string, from: string | null, to: string, m: EntityManager): Promise<void> {
    await writeOutboxEvent(m, {
      type: 'task_state_change',
      customerId,
      externalId: taskId,
      data: { task_id: taskId, previous_task_state_id: from, task_state_id: to },
    });
  }
}

function stateRef(state: TaskStateEntity): TaskStateRef {
  return { id: state.id, state: state.state, isFinal: state.isFinal };
}

/** The columns a client writes; what it leaves out is cleared (whole-record replacement). */
function columnsOf(input: TaskInputDto): Pick<TaskEntity, 'taskTypeId' | 'taskStateId' | 'title' | 'note' | 'priority' | 'dueDate'> {
  return {
    taskTypeId: input.task_type_id,
    taskStateId: input.task_state_id,
    title: input.task_title,
    note: input.task_note ?? null,
    priority: input.task_priority,
    dueDate: input.due_date ?? null,
  };
}
