import { formatDateTime, parseRequestDateTime } from '@tessera/http';
import { PROPERTY_DATA_TYPES, PropertyDataType, PropertyValueResult, validatePropertyValue } from '../../reference-data';

/** Purchase properties know one data type more than the shared ones: a timestamp. */
export type PurchasePropertyDataType = PropertyDataType | 'timestamp';

/**
 * Checks a purchase or purchase item property value against its data type. A timestamp is read as a
 * request datetime (decision 6) and kept as the API writes datetimes, in the project's time zone.
 */
export function validatePurchasePropertyValue(
  dataType: PurchasePropertyDataType,
  raw: unknown,
  itemIds: readonly string[],
  timeZone: string,
): PropertyValueResult {
  if (dataType === 'timestamp') {
    const instant = typeof raw === 'string' ? parseRequestDateTime(raw, timeZone) : null;
    return instant
      ? { ok: true, value: formatDateTime(instant, timeZone) }
      : { ok: false, message: 'The value must be a datetime YYYY-MM-DD HH:MM:SS' };
  }
  if (!(PROPERTY_DATA_TYPES as readonly string[]).includes(dataType))
    return { ok: false, message: `The property has an unknown data type ${dataType}` };
  return validatePropertyValue(dataType, raw, itemIds);
}
