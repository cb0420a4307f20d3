/**
 * The shape of an OpenAPI document reduced to facts that can be compared across documents: for each
 * operation (`METHOD /path` under the interface's base path), each parameter, request field and
 * success-response field by its place (`request customer.personal_information.email`) with its JSON type.
 */
export type OperationShape = Record<string, string>;
export type DocumentShape = Record<string, OperationShape>;

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
}

interface Operation {
  parameters?: Array<{ $ref?: string; name?: string; in?: string; schema?: Schema }>;
  requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
/** Deeper fields (a category's parent's parent...) repeat those above them. */
const MAX_DEPTH = 8;

/** The shape of every operation whose path starts with `prefix` (the interface's base path, or '' for the reference). */
export function documentShape(document: Document, prefix = ''): DocumentShape {
  const shape: DocumentShape = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation) shape[`${method.toUpperCase()} ${path.slice(prefix.length)}`] = operationShape(document, operation);
    }
  }
  return shape;
}

function operationShape(document: Document, operation: Operation): OperationShape {
  const shape: OperationShape = {};
  for (const reference of operation.parameters ?? []) {
    const parameter = resolve<NonNullable<Operation['parameters']>[number]>(document, reference);
    if (parameter.in === 'header') continue;
    shape[`${parameter.in} ${parameter.name}`] = typeOf(document, parameter.schema ?? {});
  }
  const body = operation.requestBody && resolve<NonNullable<Operation['requestBody']>>(document, operation.requestBody);
  const requestSchema = body?.content?.['application/json']?.schema;
  if (requestSchema) fieldsOf(document, requestSchema, 'request', shape, 0, []);
  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
  const responseSchema = success && resolve<typeof success>(document, success).content?.['application/json']?.schema;
  if (responseSchema) fieldsOf(document, responseSchema, 'response', shape, 0, []);
  return shape;
}

function fieldsOf(document: Document, schema: Schema, at: string, shape: OperationShape, depth: number, seen: string[]): void {
  if (depth >= MAX_DEPTH || (schema.$ref && seen.includes(schema.$ref))) return;
  const visited = schema.$ref ? [...seen, schema.$ref] : seen;
  const resolved = resolve<Schema>(document, schema);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])])
    fieldsOf(document, part, at, shape, depth, visited);
  const separator = at === 'request' || at === 'response' ? ' ' : '.';
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const place = `${at}${separator}${name}`;
    const type = typeOf(document, property);
    shape[place] = shape[place] && shape[place] !== type ? [...new Set([...shape[place].split('|'), type])].sort().join('|') : type;
    fieldsOf(document, property, place, shape, depth + 1, visited);
  }
  if (resolved.items) fieldsOf(document, resolved.items, `${at}[]`, shape, depth + 1, visited);
}

/** A schema's JSON type; `array of <item type>` for arrays, so a changed item type shows. */
function typeOf(document: Document, schema: Schema): string {
  const resolved = resolve<Schema>(document, schema);
  const alternatives = [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
  if (!resolved.type && alternatives.length > 0) return [...new Set(alternatives.map((part) => typeOf(document, part)))].sort().join('|');
  if (resolved.type === 'array') return `array of ${resolved.items ? typeOf(document, resolved.items) : 'any'}`;
  return resolved.type ?? (resolved.properties ? 'object' : 'any');
}

function resolve<T>(document: Document, node: T & { $ref?: string }): T {
  let current: T & { $ref?: string } = node;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const [, section, name] = current.$ref.replace('#/components/', '').match(/^([^/]+)\/(.+)$/) ?? [];
    const target = document.components?.[section]?.[name] as (T & { $ref?: string }) | undefined;
    if (!target) break;
    current = target;
  }
  return current;
}

/** How one operation's shape departs from the reference's: one line per field. */
export function shapeDivergences(reference: DocumentShape, ours: DocumentShape): string[] {
  const divergences: string[] = [];
  for (const [key, ourShape] of Object.entries(ours)) {
    const referenceShape = reference[key];
    if (!referenceShape) continue;
    for (const [place, type] of Object.entries(referenceShape)) {
      if (!(place in ourShape)) divergences.push(`${key} ${place}: missing`);
      else if (ourShape[place] !== type) divergences.push(`${key} ${place}: ${type} -> ${ourShape[place]}`);
    }
    for (const place of Object.keys(ourShape)) if (!(place in referenceShape)) divergences.push(`${key} ${place}: not in the reference`);
  }
  return divergences.sort();
}
