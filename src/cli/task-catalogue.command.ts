import { IsBoolean, IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { TaskCatalogueService, TaskCatalogueState } from '../modules/tasks';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

const STATE_NAMES: Record<TaskCatalogueState, string> = {
  [TaskCatalogueState.Deleted]: 'removed',
  [TaskCatalogueState.Active]: 'active',
  [TaskCatalogueState.Inactive]: 'inactive',
};

/** A task type as the operator writes it, with the API's field names; `state` 0 is `remove`. */
class TaskTypeDefinitionInputDto {
  @IsDefined() @IsString() text_id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsIn([TaskCatalogueState.Active, TaskCatalogueState.Inactive]) state?:
    TaskCatalogueState.Active | TaskCatalogueState.Inactive;
}

/** A task state adds whether it is final: a task in a final state never leaves it. */
class TaskStateDefinitionInputDto extends TaskTypeDefinitionInputDto {
  @IsOptional() @IsBoolean() is_final?: boolean;
}

const TASK_TYPE_FILE: DefinitionFile<TaskTypeDefinitionInputDto> = {
  type: TaskTypeDefinitionInputDto,
  what: 'task type',
  example: { text_id: 'callback', name: 'Call the customer back', state: 1 },
};

/** `tessera task-type list|define|remove`: the kinds of task. */
export const taskTypeCommand = cliCommand(
  {
    ...listAndShow(['TASK TYPE ID', 'TEXT ID', 'STATE', 'NAME'], async (context) =>
      (await context.get(TaskCatalogueService).allTypes()).map((type) => [type.id, type.textId, STATE_NAMES[type.state], type.name]),
    ),
    define: defineAction(TASK_TYPE_FILE, async (input, io) => {
      const definition = { textId: input.text_id, name: input.name, state: input.state };
      const outcome = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).defineType(definition));
      return `Task type ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}`;
    }),
    remove: removeAction((context, type) => context.get(TaskCatalogueService).removeType(type), {
      removed: (type) => `Task type ${type} removed; its tasks are kept`,
      notRemoved: (type) => `Task type ${type} was removed already`,
    }),
  },
  TASK_TYPE_FILE,
);

const TASK_STATE_FILE: DefinitionFile<TaskStateDefinitionInputDto> = {
  type: TaskStateDefinitionInputDto,
  what: 'task state',
  example: { text_id: 'done', name: 'Done', is_final: true },
};

/** `tessera task-state list|define|remove`: the steps of the task workflow. */
export const taskStateCommand = cliCommand(
  {
    ...listAndShow(['TASK STATE ID', 'TEXT ID', 'STATE', 'FINAL', 'NAME'], async (context) =>
      (await context.get(TaskCatalogueService).allStates()).map((state) => [
        state.id,
        state.textId,
        STATE_NAMES[state.state],
        state.isFinal ? 'yes' : 'no',
        state.name,
      ]),
    ),
    define: defineAction(TASK_STATE_FILE, async (input, io) => {
      const definition = { textId: input.text_id, name: input.name, state: input.state, isFinal: input.is_final };
      const outcome = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).defineState(definition));
      return `Task state ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}`;
    }),
    remove: removeAction((context, state) => context.get(TaskCatalogueService).removeState(state), {
      removed: (state) => `Task state ${state} removed; tasks in it stay until moved`,
      notRemoved: (state) => `Task state ${state} was removed already`,
    }),
  },
  TASK_STATE_FILE,
);
