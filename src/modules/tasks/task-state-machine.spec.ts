import { InvalidReason } from '@tessera/http';
import { TaskCatalogueState } from './entities/task-catalogue.entity';
import { TaskStateRef, taskStateMove } from './task-state-machine';

const state = (id: string, state: TaskCatalogueState, isFinal = false): TaskStateRef => ({ id, state, isFinal });
const NEW = state('new', TaskCatalogueState.Active);
const WORKING = state('working', TaskCatalogueState.Active);
const PAUSED = state('paused', TaskCatalogueState.Inactive);
const GONE = state('gone', TaskCatalogueState.Deleted);
const CANCELLED = state('cancelled', TaskCatalogueState.Active, true);
const RETIRED_FINAL = state('retired_final', TaskCatalogueState.Inactive, true);

const ALLOWED = { allowed: true, changed: true };
const STAY = { allowed: true, changed: false };
const refused = (reason: InvalidReason) => expect.objectContaining({ allowed: false, reason });

describe('taskStateMove', () => {
  it.each([
    ['a new task into an active state', null, NEW, ALLOWED],
    ['a new task into a final state', null, CANCELLED, ALLOWED],
    ['a new task into an inactive state', null, PAUSED, refused(InvalidReason.NotAllowedValue)],
    ['a new task into a removed state', null, GONE, refused(InvalidReason.Deleted)],
    ['a new task into an unknown state', null, undefined, refused(InvalidReason.NotFound)],
    ['active to another active state', NEW, WORKING, ALLOWED],
    ['back to an earlier state', WORKING, NEW, ALLOWED],
    ['active into a final state', WORKING, CANCELLED, ALLOWED],
    ['active into an inactive state', NEW, PAUSED, refused(InvalidReason.NotAllowedValue)],
    ['active into a removed state', NEW, GONE, refused(InvalidReason.Deleted)],
    ['active into an unknown state', NEW, undefined, refused(InvalidReason.NotFound)],
    ['out of an inactive state into an active one', PAUSED, WORKING, ALLOWED],
    ['out of a removed state into an active one', GONE, WORKING, ALLOWED],
    ['out of a final state', CANCELLED, WORKING, refused(InvalidReason.NotAllowedValue)],
    [
      'out of a final state into another final state',
      CANCELLED,
      state('closed', TaskCatalogueState.Active, true),
      refused(InvalidReason.NotAllowedValue),
    ],
    ['out of an inactive final state', RETIRED_FINAL, NEW, refused(InvalidReason.NotAllowedValue)],
    ['staying in an active state', WORKING, WORKING, STAY],
    ['staying in a final state', CANCELLED, CANCELLED, STAY],
    ['staying in a state made inactive', PAUSED, PAUSED, STAY],
    ['staying in a removed state', GONE, GONE, STAY],
  ])('%s', (_case, from, to, expected) => {
    expect(taskStateMove(from, to)).toEqual(expected);
  });
});
