import { IsBoolean, IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { TaskCatalogueService, TaskCatalogueState } from '../modules/tasks';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

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

/** `tessera task-type list|define|remove`: the kinds of task. */
export async function taskTypeCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const types = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).allTypes());
      io.stdout(
        textTable(
          ['TASK TYPE ID', 'TEXT ID', 'STATE', 'NAME'],
          types.map((type) => [type.id, type.textId, STATE_NAMES[type.state], type.name]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(TaskTypeDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'task type');
      const definition = { textId: input.text_id, name: input.name, state: input.state };
      const outcome = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).defineType(definition));
      io.stdout(`Task type ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [type] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).removeType(type));
      io.stdout(removed ? `Task type ${type} removed; its tasks are kept\n` : `Task type ${type} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown task-type command "${action ?? ''}"`);
  }
}

/** `tessera task-state list|define|remove`: the steps of the task workflow. */
export async function taskStateCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const states = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).allStates());
      io.stdout(
        textTable(
          ['TASK STATE ID', 'TEXT ID', 'STATE', 'FINAL', 'NAME'],
          states.map((state) => [state.id, state.textId, STATE_NAMES[state.state], state.isFinal ? 'yes' : 'no', state.name]),
        ),
      );
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(TaskStateDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'task state');
      const definition = { textId: input.text_id, name: input.name, state: input.state, isFinal: input.is_final };
      const outcome = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).defineState(definition));
      io.stdout(`Task state ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [state] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(TaskCatalogueService).removeState(state));
      io.stdout(removed ? `Task state ${state} removed; tasks in it stay until moved\n` : `Task state ${state} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown task-state command "${action ?? ''}"`);
  }
}
