import {
  TaskCatalogueState,
  TaskStateDefinitionDto,
  TaskStateDefinitionRepository,
  type TaskStateDefinitionView,
  TaskTypeDefinitionDto,
  TaskTypeDefinitionRepository,
  type TaskTypeDefinitionView,
} from '../modules/tasks';
import { lifecycleCommand } from './lifecycle-command';

const STATE_NAMES: Record<number, string> = {
  [TaskCatalogueState.Deleted]: 'removed',
  [TaskCatalogueState.Active]: 'active',
  [TaskCatalogueState.Inactive]: 'inactive',
};

/** `tessera task-type ...`: the kinds of task. */
export const taskTypeCommand = lifecycleCommand<TaskTypeDefinitionDto, TaskTypeDefinitionView>({
  name: 'task-type',
  store: TaskTypeDefinitionRepository,
  file: { type: TaskTypeDefinitionDto, what: 'task type', example: { text_id: 'callback', name: 'Call the customer back', state: 1 } },
  // The name last, as it may hold spaces.
  columns: ['TASK TYPE ID', 'TEXT ID', 'STATE', 'NAME'],
  row: (type) => [type.task_type_id, type.text_id, STATE_NAMES[type.state], type.name],
  viewOnly: ['task_type_id', 'last_change'],
});

/** `tessera task-state ...`: the steps of the task workflow. */
export const taskStateCommand = lifecycleCommand<TaskStateDefinitionDto, TaskStateDefinitionView>({
  name: 'task-state',
  store: TaskStateDefinitionRepository,
  file: { type: TaskStateDefinitionDto, what: 'task state', example: { text_id: 'done', name: 'Done', is_final: true } },
  columns: ['TASK STATE ID', 'TEXT ID', 'STATE', 'FINAL', 'NAME'],
  row: (state) => [state.task_state_id, state.text_id, STATE_NAMES[state.state], state.is_final ? 'yes' : 'no', state.name],
  viewOnly: ['task_state_id', 'last_change'],
});
