import { createHash } from 'node:crypto';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

type Schema = SchemaObject | ReferenceObject;
export type Schemas = Record<string, Schema>;

/** Objects nested deeper than this (a category's parent's parent...) are left empty in an example. */
const MAX_DEPTH = 6;

/** Which side of the exchange an example shows: a request leaves out read-only fields, a response write-only ones. */
export type ExampleDirection = 'request' | 'response';

/**
 * A realistic value for a schema: its own example when it has one, else the first of its enum, else a
 * value chosen by the field's name and format (ids as opaque hex, times in the API's
 * `YYYY-MM-DD HH:MM:SS`, e-mail addresses, prices...), so that Swagger UI shows no `"string"` or `0`.
 */
export function exampleOf(schema: Schema, schemas: Schemas, direction: ExampleDirection, name = '', depth = 0): unknown {
  if ('$ref' in schema) {
    const target = schemas[schema.$ref.replace('#/components/schemas/', '')];
    return target && exampleOf(target, schemas, direction, name, depth);
  }
  if (schema.example !== undefined && !isPlaceholder(schema.example)) return schema.example;
  if (schema.enum?.length) return (schema.enum as unknown[]).find((value) => !isPlaceholder(value)) ?? schema.enum[0];
  const composed = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (composed) return exampleOf(composed, schemas, direction, name, depth);
  if (schema.type === 'array') {
    const item = schema.items && exampleOf(schema.items, schemas, direction, singular(name), depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.type === 'object' || schema.properties) return objectExample(schema, schemas, direction, depth);
  if (schema.type === 'boolean') return !/(cancel|delete|block|remove|anonym)/.test(name);
  if (schema.type === 'integer') return integerFor(name, schema);
  if (schema.type === 'number') return numberFor(name, schema);
  return stringFor(name, schema.format);
}

function objectExample(schema: SchemaObject, schemas: Schemas, direction: ExampleDirection, depth: number): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH) return example;
  for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
    const flags = propertySchema as SchemaObject;
    if ((direction === 'request' && flags.readOnly) || (direction === 'response' && flags.writeOnly) || flags.deprecated) continue;
    const value = exampleOf(propertySchema, schemas, direction, property, depth + 1);
    if (value !== undefined) example[property] = value;
  }
  return example;
}

/** The values Swagger UI shows for a schema without an example, which tell a reader nothing. */
export function isPlaceholder(value: unknown): boolean {
  return value === 'string' || value === '' || value === 0;
}

const singular = (name: string) => name.replace(/_ids$/, '_id').replace(/ies$/, 'y').replace(/s$/, '');

/** An id as the API issues them: 32 lowercase hex digits, fixed per field name so examples stay stable. */
export const opaqueId = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32);

/** String values by the field's name: the first pattern that matches it wins. */
const STRINGS_BY_NAME: ReadonlyArray<readonly [RegExp, string | ((name: string) => string)]> = [
  [/^language(_id)?$|_language(_id)?$/, 'en'],
  [/^country(_code|_id)?$|_country(_code|_id)?$/, 'cz'],
  [/^currency(_id|_code)?$|_currency(_id|_code)?$/, 'EUR'],
  [/(^|_)email/, 'jana.novakova@example.com'],
  [/(^|_)(phone|mobile)/, '+420777123456'],
  [/(^|_)password/, 'Winter-Orchard-42'],
  [/^login$/, 'jana.novakova'],
  [/(^|_)(id|token)$/, (name) => opaqueId(name)],
  [/(^|_)(url|link|uri)$/, 'https://shop.example.com/spring-collection'],
  [/(^|_)(image|photo|picture|icon|logo)/, 'https://cdn.example.com/images/spring-collection.png'],
  [/(^|_)(card_number|ean|barcode|plu)$/, '2900100123456'],
  [/^salutation$/, 'Ms'],
  [/^pre_nominals$/, 'Ing.'],
  [/^post_nominals$/, 'Ph.D.'],
  [/^utm_source$/, 'newsletter'],
  [/^utm_medium$/, 'email'],
  [/^utm_campaign$/, 'spring-sale-2025'],
  [/(^|_)(created|changed|updated|modified)_by$/, 'pos-terminal-04'],
  [/(^|_)(change|changed|created|updated|modified)$/, '2025-06-01 09:00:00'],
  [/^first_name$/, 'Jana'],
  [/^last_name$/, 'Nováková'],
  [/(^|_)(date|from|to|since|until|at|time|expiration|expires|valid_from|valid_to)$/, '2025-06-01 09:00:00'],
  [/(^|_)(street|address_line)/, 'Vinohradská 1200/12'],
  [/(^|_)city$/, 'Praha'],
  [/(^|_)(zip|postal_code|postcode)$/, '120 00'],
  [/(^|_)number$/, '2025-000123'],
  [/(^|_)code$/, 'SPRING-2025'],
  [/(^|_)(gender)$/, 'female'],
  [/(^|_)(color|colour)$/, '#1f6feb'],
  [/(^|_)(text|note|description|message|content|body|comment)$/, 'Welcome back: your spring voucher is waiting at the checkout.'],
  [/(^|_)(name|title|label|subject)$/, 'Spring collection'],
  [/(^|_)(type|kind|state|status)$/, 'standard'],
];

function stringFor(name: string, format: string | undefined): string {
  if (format === 'date-time') return '2025-06-01 09:00:00';
  if (format === 'date') return '2025-06-01';
  if (format === 'password') return 'Winter-Orchard-42';
  if (format === 'email') return 'jana.novakova@example.com';
  if (format === 'uri' || format === 'url') return 'https://shop.example.com/spring-collection';
  const match = STRINGS_BY_NAME.find(([pattern]) => pattern.test(name));
  if (match) return typeof match[1] === 'function' ? match[1](name) : match[1];
  return name ? `${name.replace(/_/g, ' ')} of the example` : 'example';
}

function integerFor(name: string, schema: SchemaObject): number {
  const value = /(count|limit|quantity|amount|size|number)$/.test(name) ? 3 : /(year)$/.test(name) ? 2025 : 12;
  return withinBounds(value, schema);
}

function numberFor(name: string, schema: SchemaObject): number {
  if (/(number|count|quantity)$/.test(name)) return withinBounds(3, schema);
  const value = /(price|amount|total|value|credits?|paid|sum)$/.test(name) ? 249.9 : /points?$/.test(name) ? 120 : 4.5;
  return withinBounds(value, schema);
}

function withinBounds(value: number, { minimum, maximum }: SchemaObject): number {
  if (maximum !== undefined && value > maximum) return maximum;
  if (minimum !== undefined && value < minimum) return minimum;
  return value;
}
