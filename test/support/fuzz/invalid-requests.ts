import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { BatchOptionsDto, ErrorProcessing, INPUT_LIMITS, refusesBlank } from '@tessera/http';
import { DtoClass, SURFACE_BASE_PATHS, SurfaceRoute } from '../route-table';
import { dtoShape, FieldShape } from './dto-shape';

type Gen = fc.GeneratorValue;
type Json = unknown;

/** What makes a generated request invalid: one entry per change made to an otherwise plausible request. */
export interface Fault {
  kind: string;
  /** Where: a body path (`bill.bill_items.0.vat_rate`), `query.<name>`, `path.<name>`, `body` or `Content-Type`. */
  at: string;
  /** The value, shortened for reports (`string of 10001 characters`). */
  value: string;
  /** For a query parameter sent under another name than its DTO property (`text_id[]`), the property. */
  property?: string;
}

export interface InvalidRequest {
  operation: SurfaceRoute;
  method: string;
  url: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  payload?: string;
  faults: Fault[];
}

/** Record ids the callers own, by path or field name (`customer_id`), so a request reaches the code behind its id. */
export type KnownIds = ReadonlyMap<string, string>;

/** Values a JSON document can carry only as text: JSON numbers beyond doubles, and nesting too deep to build as objects. */
class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
}

const MAX_NESTING_TRIED = 5_000;

const IMPOSSIBLE_DATES = ['9999-99-99', '2024-02-30', '2023-02-29', '2025-13-01', '2025-00-10', '2025-06-31', '0000-00-00', '31.02.2024'];
const IMPOSSIBLE_DATE_TIMES = [
  '9999-99-99 99:99:99',
  '2024-02-30 12:00:00',
  '2025-06-01 25:00:00',
  '2025-06-01 12:61:00',
  '2025-06-01T24:30:00Z',
  '2025-02-29T10:00:00+01:00',
];

const BAD_COUNTS = ['0', '-1', '1001', '1e3', 'abc', '', '1.5', '0x10', '2147483648', 'NaN', '99999999999999999999'];
const BAD_OFFSETS = ['-1', '2147483648', '1e20', 'abc', '1.5', 'NaN', '9007199254740993', '0x10', '-2147483649'];
const BAD_SORT_DIRECTIONS = ['UP', 'DOWN', 'ASCENDING', '1', '', 'ASC DESC', 'DESC\u0000'];
const BAD_QUERY_BOOLEANS = ['yes', 'no', 'TRUE', 'False', '2', '-1', 'on', ''];
const BAD_QUERY_NUMBERS = ['abc', '1e20', '-1e20', '2147483648', 'NaN', 'Infinity', '0x10', '1,5', '9007199254740993'];
const NON_JSON_BODIES = [
  '{',
  '{"a":',
  "{'a': 1}",
  'undefined',
  'NaN',
  '{"a":1}}',
  '[1,]',
  '\u0000',
  'tru',
  '{"a":1,}',
  'customer=1&x=2',
  '<xml/>',
];
/** Whitespace alone, where an id, code or required text must not be empty. */
const BLANKS = [' ', '   ', '\t', '\n', ' \t\r\n ', '\u00a0', '\u3000'];
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
];

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

const pick = <T>(g: Gen, values: readonly T[]): T => values[g(fc.nat, { max: values.length - 1 })];
const chance = (g: Gen, percent: number): boolean => g(fc.nat, { max: 99 }) < percent;
const word = (g: Gen, maxLength = 12): string => g(fc.string, { unit: fc.constantFrom(...ALPHANUMERIC), minLength: 1, maxLength });
const hexId = (g: Gen): string => g(fc.stringMatching, /^[0-9a-f]{32}$/);

function describeValue(value: Json): string {
  if (value instanceof RawJson) return value.label;
  if (typeof value === 'string') {
    if (value.length > 60) return `string of ${value.length} characters${value.includes('\u0000') ? ' with NUL' : ''}`;
    return JSON.stringify(value);
  }
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${Array.isArray(value) ? 'array' : 'object'} of ${text.length} characters` : text;
}

/** JSON text with the raw pieces (numbers beyond doubles, deep nesting) written in place. */
function toJsonText(value: Json): string {
  const raws: string[] = [];
  const nonce = randomBytes(6).toString('hex');
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `${nonce}:${raws.length - 1}`;
    }
    return item;
  });
  return raws.reduce((result, raw, index) => result.replace(`"${nonce}:${index}"`, () => raw), text ?? 'null');
}

/** Arrays and objects `levels` deep, written as text (building them would overflow the stack of whatever reads them). */
function deeplyNested(g: Gen, levels: number): RawJson {
  const useObjects = chance(g, 50);
  const text = useObjects ? '{"a":'.repeat(levels) + '1' + '}'.repeat(levels) : '['.repeat(levels) + ']'.repeat(levels);
  return new RawJson(text, `${useObjects ? 'objects' : 'arrays'} nested ${levels} deep`);
}

/** A total nesting depth over the limit: just over it more often than not, up to thousands. */
const overLimitDepth = (g: Gen): number =>
  chance(g, 50)
    ? g(fc.integer, { min: INPUT_LIMITS.maxNesting + 1, max: INPUT_LIMITS.maxNesting + 3 })
    : g(fc.integer, { min: INPUT_LIMITS.maxNesting + 1, max: MAX_NESTING_TRIED });

/** A string over the field's limit: too many characters, or (for short fields) too many UTF-8 bytes. */
function overlongString(g: Gen, field: FieldShape | undefined): string {
  const limit = field?.textLimit ?? INPUT_LIMITS.maxStringLength;
  if (limit <= INPUT_LIMITS.maxStringLength && chance(g, 25)) {
    // Fewer characters than the limit, but four UTF-8 bytes each: over the byte limit.
    const count = Math.ceil(INPUT_LIMITS.maxStringBytes / 4) + 1 + g(fc.nat, { max: 100 });
    return String.fromCodePoint(0x1f600 + g(fc.nat, { max: 60 })).repeat(count);
  }
  const extra = chance(g, 50) ? g(fc.nat, { max: 3 }) : g(fc.nat, { max: 5_000 });
  return pick(g, ['x', 'é', 'ab', '€'])
    .repeat(limit + 1 + extra)
    .slice(0, limit + 1 + extra);
}

/**
 * A long text over its limit in UTF-8 bytes, of characters outside the BMP (four bytes each) and so with
 * far fewer characters than the limit: the 4,000 emoji of a 10,000-byte note.
 */
function overlongAstralText(g: Gen, field: FieldShape): string {
  const emoji = String.fromCodePoint(0x1f600 + g(fc.nat, { max: 60 }));
  return emoji.repeat(Math.floor(field.textLimit / 4) + 1 + (chance(g, 50) ? g(fc.nat, { max: 3 }) : g(fc.nat, { max: 2_000 })));
}

/** Half of a surrogate pair, alone or among other text (JSON can escape one; no Unicode text holds it). */
function withLoneSurrogate(g: Gen): string {
  const half = pick(g, ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d']);
  return pick(g, [half, `${word(g)}${half}`, `${half}${word(g)}`, `${word(g)}${half}${word(g)}`, `${half}\u{1F600}`]);
}

function withNul(g: Gen): string {
  return pick(g, ['\u0000', `${word(g)}\u0000`, `\u0000${word(g)}`, `${word(g)}\u0000${word(g)}`]);
}

// ---- plausible values, so that a request fails for its faults and not for everything else ----

function plausibleScalar(g: Gen, field: FieldShape, ids: KnownIds, batch: boolean): Json {
  if (field.enumValues) {
    const values =
      batch && field.wireName === 'error_processing'
        ? field.enumValues.filter((value) => value !== ErrorProcessing.SkipFailed)
        : field.enumValues;
    return pick(g, values);
  }
  if (field.date) return field.date === 'date' ? '2025-06-15' : pick(g, ['2025-06-15 12:30:00', '2025-06-15T12:30:00Z']);
  if (field.pattern) {
    const pattern = new RegExp(field.pattern.source, field.pattern.flags.replace(/[^dgmsu]/g, ''));
    return g(fc.stringMatching, pattern, { size: 'xsmall' });
  }
  switch (field.kind) {
    case 'boolean':
      return g(fc.boolean);
    case 'integer':
      return g(fc.integer, { min: field.min ?? 0, max: Math.min(field.max ?? 1_000, 1_000_000) });
    case 'number':
      return Math.round(g(fc.double, { min: field.min ?? 0, max: Math.min(field.max ?? 1_000, 1_000_000), noNaN: true }) * 100) / 100;
    default:
      return ids.get(field.wireName) ?? (field.wireName.endsWith('_id') ? hexId(g) : word(g));
  }
}

/** A node of a generated body: an object built for a DTO class, which the faults may change. */
interface BodyNode {
  object: Record<string, Json>;
  dto: DtoClass;
  path: string;
  /** Objects and arrays around it, the body being 1. */
  depth: number;
}

class BodyBuilder {
  readonly nodes: BodyNode[] = [];

  constructor(
    private readonly g: Gen,
    private readonly ids: KnownIds,
  ) {}

  object(dto: DtoClass, path: string, depth: number): Record<string, Json> {
    const object: Record<string, Json> = {};
    this.nodes.push({ object, dto, path, depth });
    const batch = dto.prototype instanceof BatchOptionsDto;
    for (const field of dtoShape(dto).fields) {
      if (field.free) continue;
      if (!field.required && (depth > 3 || !chance(this.g, 35))) continue;
      object[field.wireName] = this.value(field, path ? `${path}.${field.wireName}` : field.wireName, depth, batch);
    }
    return object;
  }

  private value(field: FieldShape, path: string, depth: number, batch: boolean): Json {
    const item = (index: number): Json =>
      field.nested ? this.object(field.nested, `${path}.${index}`, depth + 2) : plausibleScalar(this.g, field, this.ids, batch);
    if (field.array) {
      const count = Math.min(field.arrayMax ?? 2, field.notEmpty ? 1 + this.g(fc.nat, { max: 1 }) : this.g(fc.nat, { max: 2 }));
      return Array.from({ length: count }, (_, index) => item(index));
    }
    return field.nested ? this.object(field.nested, path, depth + 1) : plausibleScalar(this.g, field, this.ids, batch);
  }
}

// ---- faults: each one alone makes the request invalid ----

/** A value of another JSON type than the field takes (null excluded: that is `nullForRequired`). */
function wrongTypeValue(g: Gen, field: FieldShape): Json {
  if (field.free) return undefined;
  if (field.array) {
    // An item of the wrong type only where the items are checked.
    const badItem = field.nested ? [[[]]] : field.kind || field.enumValues ? [[{ nested: 'object' }]] : [];
    return pick(g, [{}, word(g), 42, true, ...badItem]);
  }
  if (field.nested) return pick(g, [[], [{}], word(g), 42, true]);
  const notListed = (values: Json[]) => values.filter((value) => !field.enumValues?.includes(value));
  switch (field.kind) {
    case 'string':
      return pick(g, notListed([42, 1.5, true, {}, [], [word(g)]]));
    case 'integer':
      return pick(g, notListed(['12', 1.5, true, {}, [], 'NaN', [1]]));
    case 'number':
      return pick(g, notListed(['12.5', 'NaN', 'Infinity', true, {}, [], [1]]));
    case 'boolean':
      return pick(g, ['true', 1, 0, {}, [], 'false']);
    default:
      return field.enumValues ? pick(g, notListed(['not-listed', 999_999, -999_999, {}, [], true])) : undefined;
  }
}

function outOfRangeValue(g: Gen, field: FieldShape): Json {
  if (field.free || field.nested || field.array) return undefined;
  const above = (field.max ?? Number.NaN) + pick(g, [1, 0.5, 1_000]);
  const below = (field.min ?? Number.NaN) - pick(g, [1, 0.5, 1_000]);
  const bounds = [above, below].filter((value) => Number.isFinite(value));
  const beyondDoubles = new RawJson('9007199254740993', '2^53+1');
  const infinite = new RawJson(pick(g, ['1e400', '-1e400']), '1e400 (infinite as a double)');
  if (field.kind === 'integer') return pick(g, [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e20, -1e20, beyondDoubles, infinite, 'NaN', ...bounds]);
  if (field.kind === 'number')
    return pick(g, [
      INPUT_LIMITS.maxAbsoluteAmount,
      -INPUT_LIMITS.maxAbsoluteAmount,
      1e20,
      -1e20,
      1e308,
      beyondDoubles,
      infinite,
      'NaN',
      ...bounds,
    ]);
  if (field.enumValues?.every((value) => typeof value === 'number')) return pick(g, [2 ** 31, 1e20, -1e20, beyondDoubles]);
  return undefined;
}

interface Draft {
  g: Gen;
  operation: SurfaceRoute;
  ids: KnownIds;
  body?: { root: Json; nodes: BodyNode[] };
  /** Set instead of `body` when the payload is not a JSON document. */
  rawPayload?: string;
  contentType?: string | null;
  query: Record<string, string | string[]>;
  queryFields: FieldShape[];
  params: Record<string, string>;
  faults: Fault[];
}

type FaultMaker = (draft: Draft) => Fault | undefined;

/** A field of some object in the body, present or not, for a fault to change. */
function bodySlot(draft: Draft, accept: (field: FieldShape) => boolean): { node: BodyNode; field: FieldShape; at: string } | undefined {
  const slots = (draft.body?.nodes ?? []).flatMap((node) =>
    dtoShape(node.dto)
      .fields.filter(accept)
      .map((field) => ({ node, field, at: node.path ? `${node.path}.${field.wireName}` : field.wireName })),
  );
  return slots.length > 0 ? pick(draft.g, slots) : undefined;
}

function setInBody(
  draft: Draft,
  kind: string,
  accept: (field: FieldShape) => boolean,
  valueFor: (field: FieldShape, node: BodyNode) => Json,
): Fault | undefined {
  const slot = bodySlot(draft, (field) => accept(field));
  if (!slot) return undefined;
  const value = valueFor(slot.field, slot.node);
  if (value === undefined) return undefined;
  slot.node.object[slot.field.wireName] = value;
  return { kind, at: slot.at, value: describeValue(value) };
}

/** Some value whose text is a string: a string field's value, or an item of a string array. */
function setStringSomewhere(draft: Draft, kind: string, text: (field: FieldShape) => string): Fault | undefined {
  return setInBody(
    draft,
    kind,
    (field) => !field.nested && (field.textLimit < 100_000 || kind === 'nul-character'),
    (field) => (field.array ? [text(field)] : text(field)),
  );
}

const BODY_FAULTS: Record<string, FaultMaker> = {
  'wrong-type': (d) =>
    setInBody(
      d,
      'wrong-type',
      (field) => wrongTypeValue(d.g, field) !== undefined,
      (field) => wrongTypeValue(d.g, field),
    ),
  'string-too-long': (d) => setStringSomewhere(d, 'string-too-long', (field) => overlongString(d.g, field)),
  'nul-character': (d) => {
    if (chance(d.g, 15) && d.body?.nodes.length) {
      const node = pick(d.g, d.body.nodes);
      const key = `${word(d.g)}\u0000`;
      node.object[key] = word(d.g);
      return { kind: 'nul-character', at: `${node.path || 'body'} (a property name)`, value: JSON.stringify(key) };
    }
    return setStringSomewhere(d, 'nul-character', () => withNul(d.g));
  },
  'lone-surrogate': (d) => {
    if (chance(d.g, 15) && d.body?.nodes.length) {
      const node = pick(d.g, d.body.nodes);
      const key = `${word(d.g)}\udc00`;
      node.object[key] = word(d.g);
      return { kind: 'lone-surrogate', at: `${node.path || 'body'} (a property name)`, value: JSON.stringify(key) };
    }
    return setStringSomewhere(d, 'lone-surrogate', () => withLoneSurrogate(d.g));
  },
  'blank-identifier': (d) =>
    setInBody(
      d,
      'blank-identifier',
      // Arrays are left out: their `notEmpty` may be about the array, not its items.
      (field) =>
        field.kind === 'string' &&
        refusesBlank(field.wireName, field.notEmpty) &&
        !field.array &&
        !field.nested &&
        !field.enumValues &&
        !field.pattern &&
        !field.date,
      () => pick(d.g, BLANKS),
    ),
  'long-text-in-emoji': (d) =>
    setInBody(
      d,
      'long-text-in-emoji',
      (field) => field.kind === 'string' && !field.nested && field.textLimit > INPUT_LIMITS.maxStringLength && field.textLimit < 100_000,
      (field) => (field.array ? [overlongAstralText(d.g, field)] : overlongAstralText(d.g, field)),
    ),
  'negative-amount': (d) =>
    setInBody(
      d,
      'negative-amount',
      (field) => field.kind === 'number' && !field.array && field.min !== undefined && field.min >= 0,
      () => pick(d.g, [-1, -0.01, -1_000, -999_999_999]),
    ),
  'number-out-of-range': (d) =>
    setInBody(
      d,
      'number-out-of-range',
      (field) => outOfRangeValue(d.g, field) !== undefined,
      (field) => outOfRangeValue(d.g, field),
    ),
  'impossible-date': (d) =>
    setInBody(
      d,
      'impossible-date',
      (field) => field.date !== undefined && !field.array,
      (field) => pick(d.g, field.date === 'date' ? IMPOSSIBLE_DATES : [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_DATE_TIMES]),
    ),
  'null-for-required': (d) =>
    setInBody(
      d,
      'null-for-required',
      (field) => field.nullRefused,
      () => null,
    ),
  'required-missing': (d) => {
    const slot = bodySlot(d, (field) => field.required);
    if (!slot) return undefined;
    delete slot.node.object[slot.field.wireName];
    return { kind: 'required-missing', at: slot.at, value: 'absent' };
  },
  'unknown-record-id': (d) =>
    setInBody(
      d,
      'unknown-record-id',
      (field) => field.kind === 'string' && !field.array && !field.enumValues && !field.pattern && d.ids.has(field.wireName),
      () => pick(d.g, [hexId(d.g), '', 'x', '%', '_', '\\', "' OR '1'='1", '../..', ' ', 'null']),
    ),
  'unknown-field': (d) => {
    if (!d.body?.nodes.length) return undefined;
    const node = pick(d.g, d.body.nodes);
    const name = `not_a_field_${word(d.g, 6)}`;
    node.object[name] = pick(d.g, [word(d.g), 1, true, null, {}, []]);
    return { kind: 'unknown-field', at: node.path ? `${node.path}.${name}` : name, value: describeValue(node.object[name]) };
  },
  'deep-nesting': (d) => {
    const total = overLimitDepth(d.g);
    if (!d.body?.nodes.length || chance(d.g, 20)) {
      const nested = deeplyNested(d.g, total);
      d.body = { root: nested, nodes: [] };
      d.rawPayload = undefined;
      return { kind: 'deep-nesting', at: 'body', value: nested.label };
    }
    const node = pick(d.g, d.body.nodes);
    const fields = dtoShape(node.dto).fields;
    const name = fields.length > 0 && chance(d.g, 80) ? pick(d.g, fields).wireName : `not_a_field_${word(d.g, 6)}`;
    const nested = deeplyNested(d.g, Math.max(1, total - node.depth));
    node.object[name] = nested;
    return {
      kind: 'deep-nesting',
      at: node.path ? `${node.path}.${name}` : name,
      value: `${nested.label} (${node.depth + Math.max(1, total - node.depth)} in all)`,
    };
  },
  'array-body': (d) => {
    const root = d.body?.root;
    const value = pick(d.g, [[root], [], [root, root], [[]]]);
    d.body = { root: value, nodes: [] };
    d.rawPayload = undefined;
    return { kind: 'array-body', at: 'body', value: describeValue(value) };
  },
  'scalar-body': (d) => {
    // A JSON null body reads as no body: refused only where the DTO requires a field.
    const required = d.operation.body.some((arg) => arg.dto && dtoShape(arg.dto).fields.some((field) => field.required));
    const value = pick(d.g, required ? [word(d.g), 42, true, null, 1.5] : [word(d.g), 42, true, 1.5]);
    d.body = { root: value, nodes: [] };
    d.rawPayload = undefined;
    return { kind: 'scalar-body', at: 'body', value: describeValue(value) };
  },
};

/** Faults of the transport, refused before any DTO: for every operation that reads a body. */
const TRANSPORT_FAULTS: Record<string, FaultMaker> = {
  'not-json': (d) => {
    d.rawPayload = pick(d.g, NON_JSON_BODIES);
    d.body = undefined;
    d.contentType = 'application/json';
    return { kind: 'not-json', at: 'body', value: JSON.stringify(d.rawPayload) };
  },
  'wrong-content-type': (d) => {
    const contentType = chance(d.g, 15) ? null : pick(d.g, OTHER_CONTENT_TYPES);
    d.contentType = contentType;
    d.rawPayload ??= toJsonText(d.body?.root ?? { [word(d.g)]: word(d.g) });
    d.body = undefined;
    return { kind: 'wrong-content-type', at: 'Content-Type', value: contentType ?? 'none' };
  },
  'deep-nesting-any-body': (d) => {
    const nested = deeplyNested(d.g, overLimitDepth(d.g));
    d.body = { root: nested, nodes: [] };
    d.rawPayload = undefined;
    return { kind: 'deep-nesting', at: 'body', value: nested.label };
  },
};

function queryFault(
  d: Draft,
  kind: string,
  accept: (field: FieldShape) => boolean,
  valueFor: (field: FieldShape) => string | string[] | undefined,
): Fault | undefined {
  const fields = d.queryFields.filter(accept);
  if (fields.length === 0) return undefined;
  const field = pick(d.g, fields);
  const value = valueFor(field);
  if (value === undefined) return undefined;
  d.query[field.wireName] = value;
  return {
    kind,
    at: `query.${field.wireName}`,
    value: describeValue(value),
    ...(field.property !== field.wireName ? { property: field.property } : {}),
  };
}

const QUERY_FAULTS: Record<string, FaultMaker> = {
  'query-count': (d) =>
    queryFault(
      d,
      'query-count',
      (field) => field.wireName === 'count',
      () => pick(d.g, BAD_COUNTS),
    ),
  'query-offset': (d) =>
    queryFault(
      d,
      'query-offset',
      (field) => field.wireName === 'offset',
      () => pick(d.g, BAD_OFFSETS),
    ),
  'query-sort-direction': (d) =>
    queryFault(
      d,
      'query-sort-direction',
      (field) => field.wireName === 'sort_direction',
      () => pick(d.g, BAD_SORT_DIRECTIONS),
    ),
  // Every list refuses a sort_field it cannot sort by, whether or not its query DTO declares one: an
  // undeclared one would be ignored as an unknown parameter, and a list that is not sortable would answer 200.
  'query-sort-field': (d) => {
    if (!d.queryFields.some((field) => field.wireName === 'count' || field.wireName === 'sort_field')) return undefined;
    d.query.sort_field = pick(d.g, [`no such field ${word(d.g)}`, 'garbage', '1; DROP TABLE x', 'customer_id,name', ' ']);
    return { kind: 'query-sort-field', at: 'query.sort_field', value: JSON.stringify(d.query.sort_field) };
  },
  'query-blank-identifier': (d) =>
    queryFault(
      d,
      'query-blank-identifier',
      (field) =>
        field.kind === 'string' &&
        refusesBlank(field.wireName, field.notEmpty) &&
        !field.array &&
        !field.enumValues &&
        !field.pattern &&
        !field.date,
      () => pick(d.g, BLANKS),
    ),
  'query-nul-character': (d) =>
    queryFault(
      d,
      'query-nul-character',
      () => true,
      () => withNul(d.g),
    ),
  'query-too-long': (d) =>
    queryFault(
      d,
      'query-too-long',
      (field) => field.textLimit < 100_000,
      (field) => overlongString(d.g, field),
    ),
  'query-not-listed': (d) =>
    queryFault(
      d,
      'query-not-listed',
      (field) => field.enumValues !== undefined,
      (field) =>
        pick(
          d.g,
          ['not-listed', '999999', '-1', '1.5'].filter((value) => !field.enumValues!.map(String).includes(value)),
        ),
    ),
  'query-boolean': (d) =>
    queryFault(
      d,
      'query-boolean',
      (field) => field.kind === 'boolean',
      () => pick(d.g, BAD_QUERY_BOOLEANS),
    ),
  'query-number': (d) =>
    queryFault(
      d,
      'query-number',
      (field) => (field.kind === 'integer' || field.kind === 'number') && field.enumValues === undefined,
      () => pick(d.g, BAD_QUERY_NUMBERS),
    ),
  'query-impossible-date': (d) =>
    queryFault(
      d,
      'query-impossible-date',
      (field) => field.date !== undefined,
      (field) => pick(d.g, field.date === 'date' ? IMPOSSIBLE_DATES : [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_DATE_TIMES]),
    ),
  'query-repeated': (d) =>
    queryFault(
      d,
      'query-repeated',
      (field) => !field.array && field.kind !== undefined,
      () => [word(d.g), word(d.g)],
    ),
};

const PATH_FAULTS: Record<string, FaultMaker> = {
  'path-nul-character': (d) => {
    const name = pick(d.g, d.operation.pathArguments);
    d.params[name] = withNul(d.g);
    return { kind: 'path-nul-character', at: `path.${name}`, value: JSON.stringify(d.params[name]) };
  },
  'path-too-long': (d) => {
    const name = pick(d.g, d.operation.pathArguments);
    d.params[name] = overlongString(d.g, undefined);
    return { kind: 'path-too-long', at: `path.${name}`, value: describeValue(d.params[name]) };
  },
};

function plausibleQuery(g: Gen, fields: FieldShape[], ids: KnownIds): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const field of fields) {
    if (field.free || field.wireName === 'sort_field' || (!field.required && !chance(g, 25))) continue;
    const value = plausibleScalar(g, field, ids, false);
    query[field.wireName] = field.array ? [String(value)] : String(value);
  }
  return query;
}

/** The kinds of fault an operation can be given (body faults need a body DTO; path faults a parameter its handler reads). */
export function faultKindsOf(operation: SurfaceRoute): string[] {
  const kinds: string[] = [];
  const hasBodyDto = operation.body.some((arg) => arg.dto);
  if (hasBodyDto) kinds.push(...Object.keys(BODY_FAULTS));
  if (operation.method !== 'GET') kinds.push(...Object.keys(TRANSPORT_FAULTS));
  if (operation.query.some((arg) => arg.dto)) kinds.push(...Object.keys(QUERY_FAULTS));
  if (operation.pathArguments.length > 0) kinds.push(...Object.keys(PATH_FAULTS));
  return kinds;
}

const ALL_FAULTS: Record<string, FaultMaker> = { ...BODY_FAULTS, ...TRANSPORT_FAULTS, ...QUERY_FAULTS, ...PATH_FAULTS };

/** A plausible request for the operation, built from its DTOs (real ids of the caller's records where known), without faults yet. */
function plausibleDraft(g: Gen, operation: SurfaceRoute, ids: KnownIds): Draft {
  const builder = new BodyBuilder(g, ids);
  const bodyDto = operation.body.find((arg) => arg.dto)?.dto;
  const queryFields = operation.query.flatMap((arg) => (arg.dto ? dtoShape(arg.dto).fields : []));
  return {
    g,
    operation,
    ids,
    body: bodyDto ? { root: builder.object(bodyDto, '', 1), nodes: builder.nodes } : undefined,
    query: plausibleQuery(g, queryFields, ids),
    queryFields,
    params: Object.fromEntries(operation.params.map((name) => [name, ids.get(name) ?? hexId(g)])),
    faults: [],
  };
}

/**
 * Kinds of fault that once got past the server (found by outside testing): besides the random draw,
 * each is tried once alone on every operation that has a place for it, so that none depends on luck.
 */
export const SWEPT_FAULT_KINDS = [
  'blank-identifier',
  'query-blank-identifier',
  'lone-surrogate',
  'negative-amount',
  'long-text-in-emoji',
  'query-sort-field',
] as const;

/** One request for the operation with a single fault of `kind`, or undefined when the operation has no place for one. */
export function requestWithFault(
  operation: SurfaceRoute,
  ids: KnownIds,
  kind: (typeof SWEPT_FAULT_KINDS)[number],
  seed: number,
): InvalidRequest | undefined {
  const arbitrary = fc.gen().map((g) => {
    const draft = plausibleDraft(g, operation, ids);
    for (let attempt = 0; attempt < 20; attempt++) {
      const fault = ALL_FAULTS[kind](draft);
      if (fault) return toRequest({ ...draft, faults: [fault] });
    }
    return undefined;
  });
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0];
}

/**
 * Invalid requests for one operation: a plausible request built from its DTOs (real ids of the caller's
 * records where known), then one to three faults, each of which alone makes the request invalid.
 * Path faults are drawn less often, so most requests are refused for their body or query.
 */
export function invalidRequests(operation: SurfaceRoute, ids: KnownIds): fc.Arbitrary<InvalidRequest> {
  const kinds = faultKindsOf(operation);
  if (kinds.length === 0) throw new Error(`${operation.apiInterface} ${operation.key} reads nothing that can be made invalid`);
  const weighted = kinds.flatMap((kind) => (kind.startsWith('path-') ? [kind] : [kind, kind, kind]));
  return fc.gen().map((g) => {
    const draft = plausibleDraft(g, operation, ids);
    const wanted = 1 + (chance(g, 30) ? g(fc.nat, { max: 2 }) : 0);
    for (let attempt = 0; draft.faults.length < wanted && attempt < 200; attempt++) {
      const fault = ALL_FAULTS[pick(g, weighted)](draft);
      if (fault) draft.faults.push(fault);
    }
    if (draft.faults.length === 0) throw new Error(`No fault could be made for ${operation.apiInterface} ${operation.key}`);
    return toRequest(draft);
  });
}

function toRequest(draft: Draft): InvalidRequest {
  const { operation } = draft;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(draft.params[name]));
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (operation.method !== 'GET') {
    payload = draft.rawPayload ?? (draft.body ? toJsonText(draft.body.root) : undefined);
    const contentType = draft.contentType === undefined ? 'application/json' : draft.contentType;
    if (payload !== undefined && contentType !== null) headers['content-type'] = contentType;
  }
  return {
    operation,
    method: operation.method,
    url: `/${SURFACE_BASE_PATHS[operation.apiInterface]}${path}`,
    query: draft.query,
    headers,
    payload,
    faults: draft.faults,
  };
}
