import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of a task type or task state record (not the task's workflow state). */
export enum TaskCatalogueState {
  Deleted = 0,
  Active = 1,
  Inactive = 2,
}

/** A kind of task (customer care, complaint...), defined by the operator. */
@Entity('task_types')
export class TaskTypeEntity {
  @PrimaryColumn({ name: 'task_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'smallint', default: TaskCatalogueState.Active })
  state!: TaskCatalogueState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** A step of the task workflow (new, in progress...), defined by the operator; a final one is never left. */
@Entity('task_states')
export class TaskStateEntity {
  @PrimaryColumn({ name: 'task_state_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'is_final', type: 'boolean', default: false })
  isFinal!: boolean;

  @Column({ type: 'smallint', default: TaskCatalogueState.Active })
  state!: TaskCatalogueState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
