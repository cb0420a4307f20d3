import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of a task record; the API never changes it (tasks cannot be deleted). */
export const TASK_RECORD_ACTIVE = 1;

/** The API's `task_priority`: 1 critical, 2 major, 3 normal, 4 minor. */
export const TASK_PRIORITIES = [1, 2, 3, 4] as const;

/** Work done for one customer, moving through the task states. */
@Entity('tasks')
export class TaskEntity {
  @PrimaryColumn({ name: 'task_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'task_type_id', type: 'varchar', length: 32 })
  taskTypeId!: string;

  @Column({ name: 'task_state_id', type: 'varchar', length: 32 })
  taskStateId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'task_title', type: 'text' })
  title!: string;

  @Column({ name: 'task_note', type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'task_priority', type: 'smallint' })
  priority!: number;

  /** `YYYY-MM-DD`, as PostgreSQL gives a date. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;

  @Column({ type: 'smallint', default: TASK_RECORD_ACTIVE })
  state!: number;
}

@Entity('task_comments')
export class TaskCommentEntity {
  @PrimaryColumn({ name: 'task_comment_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'task_id', type: 'varchar', length: 32 })
  taskId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'smallint', default: TASK_RECORD_ACTIVE })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'clock_timestamp()' })
  lastChange!: Date;
}

/** An API user assigned to a task. */
@Entity('task_assignees')
export class TaskAssigneeEntity {
  @PrimaryColumn({ name: 'task_assignee_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'task_id', type: 'varchar', length: 32 })
  taskId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 32 })
  userId!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'clock_timestamp()' })
  lastChange!: Date;
}

/** A task's value of a task property, set when the task is created. */
@Entity('task_property_records')
export class TaskPropertyRecordEntity {
  @PrimaryColumn({ name: 'task_id', type: 'varchar', length: 32 })
  taskId!: string;

  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  value!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
