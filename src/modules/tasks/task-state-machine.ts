import { InvalidReason } from '@tessera/http';
import { TaskCatalogueState } from './entities/task-catalogue.entity';

/** What the workflow needs to know of a task state. */
export interface TaskStateRef {
  id: string;
  state: TaskCatalogueState;
  isFinal: boolean;
}

export type TaskStateMove =
  | { allowed: true; changed: boolean }
  | { allowed: false; reason: InvalidReason.NotFound | InvalidReason.Deleted | InvalidReason.NotAllowedValue; message: string };

/**
 * The task workflow. The API defines no order among task states, so the rules are few:
 *
 * | from \ to                 | active state      | inactive state    | removed state | unknown id |
 * | ------------------------- | ----------------- | ----------------- | ------------- | ---------- |
 * | (new task)                | allowed           | not_allowed_value | deleted       | not_found  |
 * | active or inactive state  | allowed           | not_allowed_value | deleted       | not_found  |
 * | final state               | not_allowed_value | not_allowed_value | deleted       | not_found  |
 * | the same state            | allowed, no move  | allowed, no move  | allowed, no move | -       |
 *
 * Staying in the current state is no move, even when the operator has since made that state inactive,
 * removed it or made it final: the task's other fields may still change. A final state is never left.
 */
export function taskStateMove(from: TaskStateRef | null, to: TaskStateRef | undefined): TaskStateMove {
  if (!to) return { allowed: false, reason: InvalidReason.NotFound, message: 'No task state has this id' };
  if (from && from.id === to.id) return { allowed: true, changed: false };
  if (to.state === TaskCatalogueState.Deleted)
    return { allowed: false, reason: InvalidReason.Deleted, message: 'The task state is removed' };
  if (from?.isFinal) {
    return { allowed: false, reason: InvalidReason.NotAllowedValue, message: 'The task is in a final state, which it cannot leave' };
  }
  if (to.state !== TaskCatalogueState.Active) {
    return { allowed: false, reason: InvalidReason.NotAllowedValue, message: 'The task state is inactive' };
  }
  return { allowed: true, changed: true };
}
