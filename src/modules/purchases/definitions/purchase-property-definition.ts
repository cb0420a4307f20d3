import { InvalidParam, InvalidReason, invalidParam } from '@tessera/http';
import { propertyDefinitionProblems, TIMED_PROPERTY_DATA_TYPES } from '../../reference-data';

/** Which record a property describes. */
export const PURCHASE_PROPERTY_RESOURCES = ['purchase', 'purchase_item'] as const;
export type PurchasePropertyResource = (typeof PURCHASE_PROPERTY_RESOURCES)[number];

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
 * What is wrong with a definition on its own (the stored data is checked by the service): its resource,
 * then the checks every property catalogue makes.
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
  // Purchase property ids are checked whether new or not: none predates the rule.
  problems.push(...propertyDefinitionProblems(definition, { isNew: true, uniqueAllowed: true, dataTypes: TIMED_PROPERTY_DATA_TYPES }));
  return problems;
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
