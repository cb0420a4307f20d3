import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { SchemaObject } from 'openapi3-ts';
import { SEGMENT_CONDITIONS_SCHEMA } from '../modules/segments';

/** A JSON Schema, as class-validator-jsonschema writes it. */
export type DefinitionSchema = SchemaObject;

const REF_PREFIX = '#/definitions/';

/** Our own validators (ValidateBy), as JSON Schema; the generator knows only class-validator's. */
const CUSTOM_RULES: Record<string, SchemaObject> = {
  // propertyNames is JSON Schema draft 6; openapi3-ts's type stops at the OpenAPI subset.
  isLanguageTexts: {
    type: 'object',
    minProperties: 1,
    propertyNames: { pattern: '^[a-z]{2}$' },
    additionalProperties: { type: 'string', minLength: 1, maxLength: 1000 },
  } as SchemaObject,
  // The condition tree's own schema, in place; its $id keeps its internal references resolving inside it.
  isSegmentConditions: (({ $schema: _draft, ...tree }) => tree)(SEGMENT_CONDITIONS_SCHEMA as SchemaObject & { $schema: string }),
};

type DtoClass = abstract new (...args: never[]) => object;

/**
 * The JSON Schema of a definition file, generated from the DTO `define` validates with, so the two cannot
 * disagree; nested DTOs are written in place. Unknown fields are refused, as `define` refuses them.
 *
 * Each class is generated from its own constructor and its ancestors only: the generator's other entry
 * point groups every class it has seen by name, so two DTOs of one name (or the order modules loaded
 * in) could decide which fields a schema got.
 */
export function definitionSchema(type: DtoClass): DefinitionSchema {
  const schema = targetConstructorToSchema(type, {
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF_PREFIX,
    additionalConverters: CUSTOM_RULES,
  });
  if (!schema.properties) throw new Error(`${type.name} has no validation decorators`);
  return inlined(type, schema);
}

function inlined(type: DtoClass, schema: SchemaObject): SchemaObject {
  const result: SchemaObject = { ...schema };
  if (schema.properties) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, withNested(type, name, property as SchemaObject)]),
    );
    result.additionalProperties = false;
    // A field with no rule of its own (@Allow) may be left out; the generator lists every field it sees as required.
    result.required = schema.required?.filter((name) => Object.keys(result.properties![name]).length > 0);
  }
  return result;
}

/** A property whose schema points at a nested DTO (`$ref`, or array items that do), with the DTO's schema in place. */
function withNested(owner: DtoClass, name: string, property: SchemaObject): SchemaObject {
  const nested = () => {
    const typeFunction = defaultMetadataStorage.findTypeMetadata(owner, name)?.typeFunction;
    if (!typeFunction) throw new Error(`${owner.name}.${name} is nested without @Type(() => ...)`);
    return definitionSchema(typeFunction() as DtoClass);
  };
  if ((property as { $ref?: string }).$ref !== undefined) {
    const { $ref: _reference, ...rest } = property as SchemaObject & { $ref: string };
    return { ...nested(), ...rest };
  }
  const items = property.items as SchemaObject | undefined;
  if (items && (items as { $ref?: string }).$ref !== undefined) return { ...property, items: nested() };
  return property;
}

/** The fields of a definition file for `define --help`: a line per field, nested ones indented. */
export function describeDefinitionFile(type: abstract new (...args: never[]) => object): string {
  const rows: [string, string][] = [];
  describeFields(definitionSchema(type), 1, rows);
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, summary]) => `${name.padEnd(width)}  ${summary}`.trimEnd()).join('\n');
}

function describeFields(schema: SchemaObject, depth: number, rows: [string, string][]): void {
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, SchemaObject][]) {
    const required = schema.required?.includes(name) ? ', required' : '';
    rows.push([`${'  '.repeat(depth)}${name}`, `${summary(property)}${required}`]);
    const nested = property.type === 'array' ? (property.items as SchemaObject | undefined) : property;
    if (nested?.properties) describeFields(nested, depth + 1, rows);
  }
}

function summary(schema: SchemaObject): string {
  // A schema of its own (a segment's condition tree) is named, and printed whole by --schema.
  if (schema.title) return `${schema.title.toLowerCase()} (see --schema)`;
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.type === 'array') {
    const bounds = schema.minItems || schema.maxItems ? ` (${schema.minItems ?? 0}..${schema.maxItems ?? ''} items)` : '';
    return `list${bounds} of ${schema.items ? summary(schema.items as SchemaObject) : 'anything'}`;
  }
  if (schema.properties) return 'object';
  if (schema.type === 'string' && schema.pattern) return `string matching ${schema.pattern}`;
  if (typeof schema.type !== 'string') return 'any JSON value';
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    return `${schema.type} (${schema.minimum ?? ''}..${schema.maximum ?? ''})`;
  return schema.format ? `${schema.type} (${schema.format})` : schema.type;
}
