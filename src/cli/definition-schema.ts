import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { SchemaObject } from 'openapi3-ts';

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
};

/**
 * The JSON Schema of a definition file, generated from the DTO `define` validates with, so the two cannot
 * disagree; nested DTOs are written in place. Unknown fields are refused, as `define` refuses them.
 */
export function definitionSchema(type: abstract new (...args: never[]) => object): DefinitionSchema {
  const schemas = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF_PREFIX,
    additionalConverters: CUSTOM_RULES,
  });
  const schema = schemas[type.name];
  if (!schema) throw new Error(`${type.name} has no validation decorators`);
  return inlined(schema, schemas);
}

function inlined(schema: SchemaObject, schemas: Record<string, SchemaObject>): SchemaObject {
  const reference = (schema as { $ref?: string }).$ref;
  if (reference !== undefined) return inlined(schemas[reference.slice(REF_PREFIX.length)], schemas);
  const result: SchemaObject = { ...schema };
  if (schema.properties) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, inlined(property as SchemaObject, schemas)]),
    );
    result.additionalProperties = false;
    // A field with no rule of its own (@Allow) may be left out; the generator lists every field it sees as required.
    result.required = schema.required?.filter((name) => Object.keys(result.properties![name]).length > 0);
  }
  if (schema.items) result.items = inlined(schema.items as SchemaObject, schemas);
  return result;
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
