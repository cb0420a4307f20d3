import { InvalidParam, InvalidReason, invalidParam } from '@tessera/http';
import { PROPERTY_DATA_TYPES } from '../../reference-data';
import { PurchasePropertyDataType } from './purchase-property-value';

/** Which record a property describes. */
export const PURCHASE_PROPERTY_RESOURCES = ['purchase', 'purchase_item'] as const;
export type PurchasePropertyResource = (typeof PURCHASE_PROPERTY_RESOURCES)[number];

export const PURCHASE_PROPERTY_DATA_TYPES: readonly PurchasePropertyDataType[] = [...PROPERTY_DATA_TYPES, 'timestamp'];

/** Data types whose values are ids of the property's items. */
const ITEM_DATA_TYPES: readonly string[] = ['enum', 'multiselect'];

/** The database's limits: property ids are varchar(64), item ids varchar(32). */
const MAX_PROPERTY_ID_LENGTH = 64;
const MAX_ITEM_ID_LENGTH = 32;

/** Ids appear in API paths, so they stay to letters, digits and a few separators. */
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** A property as the operator defines it: the whole definition, items included. */
export interface PurchasePropertyDefinition {
  resource: PurchasePropertyResource;
  propertyId: string;
  name: string;
  dataType: string;
  isRequired: boolean;
  isUnique: boolean;
  items: { id: string; name: string }[];
}

/**
 * What is wrong with a definition on its own (the stored data is checked by the service): ids and
 * names, a known data type, and items exactly for enum and multiselect, each id once.
 */
export function purchasePropertyDefinitionProblems(definition: PurchasePropertyDefinition): InvalidParam[] {
  const problems: InvalidParam[] = [];
  if (!(PURCHASE_PROPERTY_RESOURCES as readonly string[]).includes(definition.resource)) {
    problems.push(
      invalidParam(
        'resource',
        InvalidReason.NotAllowedValue,
        `The resource must be one of: ${PURCHASE_PROPERTY_RESOURCES.join(', ')}`,
        definition.resource,
      ),
    );
  }
  const idProblem = idFormatProblem(definition.propertyId, MAX_PROPERTY_ID_LENGTH);
  if (idProblem) problems.push(invalidParam('property_id', InvalidReason.InvalidValueFormat, idProblem, definition.propertyId));
  if (definition.name.trim() === '') problems.push(invalidParam('name', InvalidReason.Empty, 'The property needs a name'));
  if (!(PURCHASE_PROPERTY_DATA_TYPES as readonly string[]).includes(definition.dataType)) {
    problems.push(
      invalidParam(
        'data_type',
        InvalidReason.NotAllowedValue,
        `The data type must be one of: ${PURCHASE_PROPERTY_DATA_TYPES.join(', ')}`,
        definition.dataType,
      ),
    );
  } else if (ITEM_DATA_TYPES.includes(definition.dataType)) {
    if (definition.items.length === 0)
      problems.push(invalidParam('items', InvalidReason.Required, `An ${definition.dataType} property needs at least one item`));
  } else if (definition.items.length > 0) {
    problems.push(invalidParam('items', InvalidReason.NotAllowedValue, 'Only enum and multiselect properties have items'));
  }
  const seen = new Set<string>();
  for (const [index, item] of definition.items.entries()) {
    const itemIdProblem = idFormatProblem(item.id, MAX_ITEM_ID_LENGTH);
    if (itemIdProblem) problems.push(invalidParam(`items.${index}.id`, InvalidReason.InvalidValueFormat, itemIdProblem, item.id));
    else if (seen.has(item.id))
      problems.push(invalidParam(`items.${index}.id`, InvalidReason.NotAllowedValue, 'The item is given more than once', item.id));
    seen.add(item.id);
    if (item.name.trim() === '') problems.push(invalidParam(`items.${index}.name`, InvalidReason.Empty, 'The item needs a name', item.id));
  }
  return problems;
}

function idFormatProblem(id: string, maxLength: number): string | null {
  if (id.length > maxLength) return `The id may have at most ${maxLength} characters`;
  return ID_PATTERN.test(id) ? null : 'The id may contain only letters, digits, _, . and -';
}

/** A value of a unique property as stored (jsonb), so equal values compare equal whatever the request sent. */
export interface UniqueValue {
  propertyId: string;
  value: unknown;
}

/** The advisory lock name serialising every booking of one value of one unique property. */
export function uniqueValueLockKey(resource: PurchasePropertyResource, value: UniqueValue): string {
  return `purchase-property:${resource}:${value.propertyId}:${JSON.stringify(value.value)}`;
}

/**
 * Indexes (into `values`) of the values that repeat an earlier one of the same property: one request
 * may not carry a unique value twice (two lines of a bill, for example).
 */
export function repeatedUniqueValues(values: readonly UniqueValue[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  for (const [index, value] of values.entries()) {
    const key = JSON.stringify([value.propertyId, value.value]);
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  }
  return repeated;
}
