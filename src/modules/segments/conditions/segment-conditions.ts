import Ajv, { ErrorObject } from 'ajv';
import { CommonException, InvalidReason } from '@tessera/http';
import schema from './segment-conditions.schema.json';

type Ids = string[];
type Scalar = string | number | boolean;

/** The condition tree of a dynamic segment, as `segment-conditions.schema.json` describes it. */
export type SegmentCondition =
  | { kind: 'all'; conditions: SegmentCondition[] }
  | { kind: 'any'; conditions: SegmentCondition[] }
  | { kind: 'not'; condition: SegmentCondition }
  | { kind: 'profile'; field: ProfileField; op: 'one_of' | 'contains' | 'present' | 'absent'; values?: string[] }
  | {
      kind: 'property';
      property_id: string;
      op: 'one_of' | 'present' | 'absent' | 'at_least' | 'at_most';
      values?: Scalar[];
      value?: number;
    }
  | { kind: 'status'; status_ids: Ids }
  | { kind: 'consent'; agreement_id: string }
  | { kind: 'age'; min?: number; max?: number }
  | { kind: 'birthday'; within_days: number }
  | { kind: 'card_type'; card_type_ids: Ids }
  | {
      kind: 'purchases';
      days?: number;
      store_ids?: Ids;
      count_min?: number;
      count_max?: number;
      amount_min?: number;
      amount_max?: number;
    }
  | { kind: 'bought'; days?: number; product_ids?: Ids; product_group_ids?: Ids; product_brand_ids?: Ids; tag_ids?: Ids }
  | { kind: 'last_purchase'; more_than_days: number }
  | { kind: 'points_balance'; point_type_ids?: Ids; min?: number; max?: number }
  | { kind: 'points_earned'; days?: number; min?: number; max?: number }
  | { kind: 'vouchers_used'; days?: number; reward_ids?: Ids; count_min?: number; count_max?: number }
  | { kind: 'event'; event_type: string; days?: number; properties?: Record<string, Scalar>; count_min?: number; count_max?: number }
  | { kind: 'segment'; segment_id: string };

export type SegmentConditionKind = SegmentCondition['kind'];
export type ProfileField =
  'first_name' | 'last_name' | 'email' | 'phone' | 'gender' | 'language_id' | 'city' | 'zip' | 'country_code' | 'store_id' | 'state';

/** The JSON Schema of a condition tree: the operator API, `tessera segment define` and the docs share it. */
export const SEGMENT_CONDITIONS_SCHEMA: object = schema;

/** Beyond these a tree is refused: it would be a statement too large to plan quickly. */
const MAX_DEPTH = 8;
const MAX_NODES = 200;

const validate = new Ajv({ allErrors: false, discriminator: true, strictTypes: false, strictRequired: false }).compile<SegmentCondition>(
  schema,
);

/** `conditions.all.0.days` from ajv's `/all/0/days`, the field name every refusal of the API uses. */
function fieldOf(field: string, error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean);
  const missing = error.keyword === 'required' ? [(error.params as { missingProperty: string }).missingProperty] : [];
  const extra = error.keyword === 'additionalProperties' ? [(error.params as { additionalProperty: string }).additionalProperty] : [];
  const tag = error.keyword === 'discriminator' ? ['kind'] : [];
  return [field, ...path, ...missing, ...extra, ...tag].join('.');
}

function reasonOf(error: ErrorObject): InvalidReason {
  if (error.keyword === 'required' || error.keyword === 'anyOf') return InvalidReason.Required;
  if (error.keyword === 'type' || error.keyword === 'pattern') return InvalidReason.InvalidValueFormat;
  return InvalidReason.NotAllowedValue;
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'anyOf') return 'The condition needs at least one of its bounds or lists';
  if (error.keyword === 'discriminator') return 'kind is all, any, not or one of the condition kinds of the schema';
  if (error.keyword === 'additionalProperties') return 'The condition has no such field';
  return `The condition ${error.message ?? 'is not valid'}`;
}

/**
 * The tree, checked against the schema and what a schema cannot say (bounds in order, depth and size);
 * a refusal names the field (`conditions.conditions.1.days`), as every 400 of the API does.
 */
export function checkSegmentConditions(value: unknown, field = 'conditions'): SegmentCondition {
  if (!validate(value)) {
    // A condition missing all of its optional bounds fails each branch of an anyOf; the anyOf says what is wrong.
    const error = validate.errors!.find((found) => found.keyword === 'anyOf') ?? validate.errors![0];
    throw CommonException.invalid(fieldOf(field, error), reasonOf(error), messageOf(error), valueAt(value, error.instancePath));
  }
  let nodes = 0;
  const walk = (node: SegmentCondition, path: string, depth: number): void => {
    nodes += 1;
    if (depth > MAX_DEPTH) throw CommonException.invalid(path, InvalidReason.NotAllowedValue, `Conditions nest at most ${MAX_DEPTH} deep`);
    if (nodes > MAX_NODES)
      throw CommonException.invalid(path, InvalidReason.NotAllowedValue, `A tree holds at most ${MAX_NODES} conditions`);
    if (node.kind === 'all' || node.kind === 'any')
      node.conditions.forEach((child, i) => walk(child, `${path}.conditions.${i}`, depth + 1));
    else if (node.kind === 'not') walk(node.condition, `${path}.condition`, depth + 1);
    else checkBounds(node, path);
  };
  walk(value, field, 1);
  return value;
}

function checkBounds(node: SegmentCondition, path: string): void {
  const pairs: [string, string][] = [
    ['min', 'max'],
    ['count_min', 'count_max'],
    ['amount_min', 'amount_max'],
  ];
  const fields = node as unknown as Record<string, unknown>;
  for (const [low, high] of pairs) {
    const [from, to] = [fields[low], fields[high]];
    if (typeof from === 'number' && typeof to === 'number' && to < from) {
      throw CommonException.invalid(`${path}.${high}`, InvalidReason.NotAllowedValue, `${high} is below ${low}`, to);
    }
  }
}

function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const key of pointer.split('/').filter(Boolean)) current = (current as Record<string, unknown> | undefined)?.[key];
  return typeof current === 'object' ? undefined : current;
}

/** The segments the tree names, each once: a segment's members depend on theirs. */
export function referencedSegmentIds(node: SegmentCondition): string[] {
  const found = new Set<string>();
  const walk = (current: SegmentCondition): void => {
    if (current.kind === 'segment') found.add(current.segment_id);
    else if (current.kind === 'all' || current.kind === 'any') current.conditions.forEach(walk);
    else if (current.kind === 'not') walk(current.condition);
  };
  walk(node);
  return [...found];
}
