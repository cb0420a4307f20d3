import { formatDateTime, parseRequestDateTime } from '@tessera/http';
import { PROPERTY_DATA_TYPES, PropertyDataType, PropertyValueResult, validatePropertyValue } from '../reference-data';

/** Event properties know the shared data types and a timestamp, as the API's Property lists it. */
export const EVENT_PROPERTY_DATA_TYPES: readonly string[] = [...PROPERTY_DATA_TYPES, 'timestamp'];

/**
 * Checks an event property value against its data type with the shared checks; a timestamp is read
 * as a request datetime (decision 6) and kept as the API writes datetimes, in the project's time zone.
 */
export function checkEventPropertyValue(dataType: string, raw: unknown, itemIds: readonly string[], timeZone: string): PropertyValueResult {
  if (dataType === 'timestamp') {
    const instant = typeof raw === 'string' ? parseRequestDateTime(raw, timeZone) : null;
    return instant
      ? { ok: true, value: formatDateTime(instant, timeZone) }
      : { ok: false, message: 'The value must be a datetime YYYY-MM-DD HH:MM:SS' };
  }
  if (!(PROPERTY_DATA_TYPES as readonly string[]).includes(dataType))
    return { ok: false, message: `The property has an unknown data type ${dataType}` };
  return validatePropertyValue(dataType as PropertyDataType, raw, itemIds);
}
