import { CommonException } from '../errors/common.exceptions';
import { InvalidReason } from '../errors/invalid-reason';

/**
 * A free-form request value (the `data` of events and bookings) as jsonb text, in the shape it arrived
 * in: a string, a list of strings or an object; null when absent. Any other shape is refused under `field`.
 */
export function freeFormJson(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  const shaped =
    typeof value === 'string' ||
    (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) ||
    (typeof value === 'object' && !Array.isArray(value));
  if (!shaped) {
    throw CommonException.invalid(field, InvalidReason.InvalidValueFormat, `${field} must be a string, a list of strings or an object`);
  }
  return JSON.stringify(value);
}
