import { EntityManager } from 'typeorm';
import { CommonException, InvalidParam, InvalidReason, invalidParam } from '@tessera/http';
import { PROPERTY_STATE, PropertyRow } from './property-catalogue';
import { PropertyDataType, PropertyValueResult, validatePropertyValue } from './property-value';

/** A property value as a request gives it (`property_records` items). */
export interface PropertyRecordInput {
  property_id: string;
  property_value?: unknown;
}

/** A checked property value, ready to store; `field` names it in refusals. */
export interface CheckedPropertyValue {
  propertyId: string;
  value: unknown;
  unique: boolean;
  field: string;
}

/** What values of a record may be given of, and how each is read. */
export interface PropertyRecordRules {
  /**
   * The properties values may be given of, by id: an id missing is `not_found`, a removed property
   * `deleted`; every active required one must have a value.
   */
  properties: ReadonlyMap<string, PropertyRow>;
  /** The refusal of a property id that is not among them (or removed). */
  unknownMessage: string;
  /** Checks a value against its data type and active item ids; the shared types' check unless given. */
  checkValue?: (dataType: PropertyDataType, raw: unknown, itemIds: readonly string[]) => PropertyValueResult;
}

/**
 * Checks the values of a record against its properties: each an allowed property, at most once, with
 * a value of its data type (null only when not required); every required property must be given.
 * Every problem is reported at once.
 */
export function checkPropertyRecords(records: readonly PropertyRecordInput[], rules: PropertyRecordRules): CheckedPropertyValue[] {
  const problems: InvalidParam[] = [];
  const checked = collectPropertyRecords(records, rules, problems);
  if (problems.length > 0) throw CommonException.invalidParams(problems);
  return checked;
}

/**
 * `checkPropertyRecords` adding its problems to `problems` rather than refusing, for a caller that
 * reports them together with problems of the rest of its input.
 */
export function collectPropertyRecords(
  records: readonly PropertyRecordInput[],
  rules: PropertyRecordRules,
  problems: InvalidParam[],
): CheckedPropertyValue[] {
  const checkValue = rules.checkValue ?? validatePropertyValue;
  const seen = new Set<string>();
  const checked = records.flatMap((record, index): CheckedPropertyValue[] => {
    const field = `property_records.${index}`;
    const property = rules.properties.get(record.property_id);
    if (!property || property.state === PROPERTY_STATE.Deleted) {
      const reason = property ? InvalidReason.Deleted : InvalidReason.NotFound;
      problems.push(invalidParam(`${field}.property_id`, reason, rules.unknownMessage, record.property_id));
      return [];
    }
    if (seen.has(record.property_id)) {
      problems.push(
        invalidParam(`${field}.property_id`, InvalidReason.NotAllowedValue, 'The property is given more than once', record.property_id),
      );
      return [];
    }
    seen.add(record.property_id);
    const valueField = `${field}.property_value`;
    const raw = record.property_value;
    if (raw === undefined || raw === null) {
      if (property.is_required) problems.push(invalidParam(valueField, InvalidReason.Required, 'The property needs a value'));
      return [{ propertyId: property.property_id, value: null, unique: false, field: valueField }];
    }
    const itemIds = property.items.filter((item) => item.state === PROPERTY_STATE.Active).map((item) => item.id);
    const result = checkValue(property.data_type, raw, itemIds);
    if (!result.ok) {
      problems.push(invalidParam(valueField, InvalidReason.InvalidValueFormat, result.message, raw));
      return [];
    }
    return [{ propertyId: property.property_id, value: result.value, unique: property.is_unique, field: valueField }];
  });
  for (const property of rules.properties.values()) {
    if (property.state !== PROPERTY_STATE.Deleted && property.is_required && !seen.has(property.property_id)) {
      const propertyId = property.property_id;
      problems.push(
        invalidParam('property_records', InvalidReason.Required, `The required property ${propertyId} has no value`, propertyId),
      );
    }
  }
  return checked;
}

/** Where the values of one kind of record are kept, for `assertUniquePropertyValues`. Constants of the code, never input. */
export interface PropertyRecordStore {
  /** The table of values: `property_id` and `property_value` (jsonb) columns. */
  records: string;
  /** Prefix of the advisory lock keys, one per property value. */
  lockPrefix: string;
  /** The refusal of a value another record has (`Another event has this value`). */
  takenMessage: string;
}

/**
 * Refuses a unique property's value another record has. Each value is locked first (in one order, so
 * two requests never wait on each other crosswise) until the transaction ends, so of two concurrent
 * records with one value the second sees the first.
 */
export async function assertUniquePropertyValues(
  values: readonly CheckedPropertyValue[],
  store: PropertyRecordStore,
  m: EntityManager,
): Promise<void> {
  const unique = values.filter((value) => value.unique);
  if (unique.length === 0) return;
  const keys = unique.map((value) => `${store.lockPrefix}:${value.propertyId}:${JSON.stringify(value.value)}`).sort();
  await m.query('SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest($1::text[]) AS k', [keys]);
  const taken: { n: string }[] = await m.query(
    `SELECT u.n FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS u(property_id, value, n)
     WHERE EXISTS (SELECT 1 FROM ${store.records} r WHERE r.property_id = u.property_id AND r.property_value = u.value)
     ORDER BY u.n`,
    [unique.map((value) => value.propertyId), unique.map((value) => JSON.stringify(value.value))],
  );
  if (taken.length === 0) return;
  throw CommonException.invalidParams(
    taken.map(({ n }) => {
      const value = unique[Number(n) - 1];
      return invalidParam(value.field, InvalidReason.AlreadyExists, store.takenMessage, value.value);
    }),
  );
}
