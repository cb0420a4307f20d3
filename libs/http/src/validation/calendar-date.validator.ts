import { ValidateBy, ValidationOptions } from 'class-validator';
import { isCalendarDate } from '../formatting/date-time';

/** A `YYYY-MM-DD` date that names a real calendar day (`2025-02-30` and `9999-99-99` do not). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value) => typeof value === 'string' && isCalendarDate(value),
        defaultMessage: () => '$property must be a date YYYY-MM-DD',
      },
    },
    options,
  );
}
