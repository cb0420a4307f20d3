import { formatDateTime, parseRequestDateTime } from '@tessera/http';

export const PROPERTY_DATA_TYPES = ['string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean'] as const;
export type PropertyDataType = (typeof PROPERTY_DATA_TYPES)[number];

/** Purchase and event properties know one data type more than the shared ones: a timestamp. */
export const TIMED_PROPERTY_DATA_TYPES = [...PROPERTY_DATA_TYPES, 'timestamp'] as const;
export type TimedPropertyDataType = (typeof TIMED_PROPERTY_DATA_TYPES)[number];

/** What a property record stores: scalars as themselves, enum as one item id, multiselect as item ids. */
export type PropertyValue = string | number | boolean | string[];

export type PropertyValueResult = { ok: true; value: PropertyValue } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^-?\d+$/;
const FLOAT = /^-?\d+(\.\d+)?$/;

const fail = (message: string): PropertyValueResult => ({ ok: false, message });

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An item given by id or as an item object `{id, ...}`, as clients send back what they listed. */
function itemId(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string') return (raw as { id: string }).id;
  return undefined;
}

/**
 * Checks a property value against the property's data type and normalises it for storage.
 * `itemIds` are the active items of an enum or multiselect property. Shared by every context that
 * has properties (stores, customers...), so it knows nothing about where the value comes from.
 */
export function validatePropertyValue(dataType: PropertyDataType, raw: unknown, itemIds: readonly string[] = []): PropertyValueResult {
  switch (dataType) {
    case 'string':
      return typeof raw === 'string' ? { ok: true, value: raw } : fail('The value must be a string');
    case 'date':
      return typeof raw === 'string' && isRealDate(raw) ? { ok: true, value: raw } : fail('The value must be a date YYYY-MM-DD');
    case 'integer': {
      const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
      const value = Number(text);
      return INTEGER.test(text) && Number.isSafeInteger(value) ? { ok: true, value } : fail('The value must be an integer');
    }
    case 'float': {
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: raw };
      return typeof raw === 'string' && FLOAT.test(raw) ? { ok: true, value: Number(raw) } : fail('The value must be a number');
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 1 || raw === '1' || raw === 'true') return { ok: true, value: true };
      if (raw === 0 || raw === '0' || raw === 'false') return { ok: true, value: false };
      return fail('The value must be true or false');
    }
    case 'enum': {
      const candidates = Array.isArray(raw) ? raw : [raw];
      if (candidates.length !== 1) return fail('The value must be exactly one item');
      const id = itemId(candidates[0]);
      return id !== undefined && itemIds.includes(id) ? { ok: true, value: id } : fail('The value is not an item of the property');
    }
    case 'multiselect': {
      if (!Array.isArray(raw)) return fail('The value must be an array of items');
      const ids = raw.map(itemId);
      if (ids.some((id) => id === undefined || !itemIds.includes(id))) return fail('The value has an item the property does not have');
      return { ok: true, value: [...new Set(ids as string[])] };
    }
  }
}

/**
 * Checks a value of a property that may also be a timestamp (purchase and event properties). A timestamp
 * is read as a request datetime (decision 6) and kept as the API writes datetimes, in the project's time
 * zone; the other types get the shared check.
 */
export function validateTimedPropertyValue(
  dataType: string,
  raw: unknown,
  itemIds: readonly string[],
  timeZone: string,
): PropertyValueResult {
  if (dataType === 'timestamp') {
    const instant = typeof raw === 'string' ? parseRequestDateTime(raw, timeZone) : null;
    return instant ? { ok: true, value: formatDateTime(instant, timeZone) } : fail('The value must be a datetime YYYY-MM-DD HH:MM:SS');
  }
  if (!(PROPERTY_DATA_TYPES as readonly string[]).includes(dataType)) return fail(`The property has an unknown data type ${dataType}`);
  return validatePropertyValue(dataType as PropertyDataType, raw, itemIds);
}
