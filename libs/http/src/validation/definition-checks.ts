import { CommonException } from '../errors/common.exceptions';
import { invalidParam } from '../errors/domain-exception';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';

/** The readable key of a definition the operator makes (a task type, an event type, a booking status, a reservation source). */
export const TEXT_ID_PATTERN = /^[a-z0-9_]{1,64}$/;
export const TEXT_ID_RULE = 'A text id has 1 to 64 lowercase letters, digits and underscores';

/** The problem with a definition's text id, if any, named `text_id`. */
export function textIdProblems(textId: string): InvalidParam[] {
  return TEXT_ID_PATTERN.test(textId) ? [] : [invalidParam('text_id', InvalidReason.InvalidValueFormat, TEXT_ID_RULE, textId)];
}

/** A definition's problems, all of them, as one 400. */
export function throwIfAny(problems: InvalidParam[]): void {
  if (problems.length > 0) throw CommonException.invalidParams(problems);
}
