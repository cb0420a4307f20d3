import { DECORATORS } from '@nestjs/swagger';
import { TransformationType } from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { queryArray, queryBoolean, textLimitOf } from '@tessera/http';
import { DtoClass } from '../route-table';

// class-transformer keeps its decorator metadata in a module it does not export by name.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

export type ScalarKind = 'string' | 'integer' | 'number' | 'boolean';

/** What a DTO's decorators say about one of its properties, as far as a request generator needs it. */
export interface FieldShape {
  property: string;
  /** The name in the JSON body or query string (an `@Expose` name when there is one). */
  wireName: string;
  /** Leaving it out is refused. */
  required: boolean;
  /** Sending null is refused (`@ValidateNested` alone lets an absent value pass, but not null). */
  nullRefused: boolean;
  /** Only `@Allow()`: validation accepts any value (a read-only field echoed back, a free-form value). */
  free: boolean;
  /** The value is an array; `kind`, `nested` and `enumValues` then describe its items. */
  array: boolean;
  kind?: ScalarKind;
  /** Objects of this DTO class. */
  nested?: DtoClass;
  enumValues?: readonly unknown[];
  pattern?: RegExp;
  min?: number;
  max?: number;
  /** A string holding a date (`YYYY-MM-DD`) or a date and time. */
  date?: 'date' | 'date-time';
  notEmpty: boolean;
  arrayMax?: number;
  /** A query-string transform applied before validation. */
  transform?: 'boolean' | 'array' | 'number';
  /** Characters a string of this field may have (decision 27). */
  textLimit: number;
}

export interface DtoShape {
  dto: DtoClass;
  fields: FieldShape[];
}

const DATE_EXAMPLE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_EXAMPLE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;
/** Text fields whose names say they carry a date or a time (`valid_from`, `payment_time_to`, `birthdate`). */
const DATE_NAME = /(^|_)(date|birthdate|time)(_|$)|^valid_(from|to)$|_date_(from|to)$/;

interface SwaggerProperty {
  type?: unknown;
  format?: string;
  example?: unknown;
  description?: string;
  nullable?: boolean;
}

function swaggerProperty(dto: DtoClass, property: string): SwaggerProperty {
  return (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, property) ?? {}) as SwaggerProperty;
}

function hasValidationRules(type: unknown): type is DtoClass {
  return typeof type === 'function' && getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
}

/** The class of nested objects: class-transformer's `@Type`, else the OpenAPI type (`[RecordDto]`) of a field validated record by record. */
function nestedClass(dto: DtoClass, property: string): DtoClass | undefined {
  const typeFunction = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction;
  const transformed = typeFunction?.();
  if (hasValidationRules(transformed)) return transformed;
  const declared = swaggerProperty(dto, property).type;
  const item = Array.isArray(declared) ? declared[0] : declared;
  return hasValidationRules(item) ? item : undefined;
}

function queryTransform(dto: DtoClass, property: string): FieldShape['transform'] {
  const transforms = defaultMetadataStorage.findTransformMetadatas(dto, property, TransformationType.PLAIN_TO_CLASS);
  if (transforms.some((metadata) => metadata.transformFn === queryBoolean)) return 'boolean';
  if (transforms.some((metadata) => metadata.transformFn === queryArray)) return 'array';
  if (defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction?.() === Number) return 'number';
  return undefined;
}

function dateKind(
  property: string,
  rules: ValidationMetadata[],
  swagger: SwaggerProperty,
  kind: ScalarKind | undefined,
): FieldShape['date'] {
  if (rules.some((rule) => rule.name === 'isCalendarDate') || swagger.format === 'date') return 'date';
  if (swagger.format === 'date-time') return 'date-time';
  if (kind !== 'string') return undefined;
  const example = typeof swagger.example === 'string' ? swagger.example : '';
  if (DATE_TIME_EXAMPLE.test(example) || /HH:MM/.test(swagger.description ?? '')) return 'date-time';
  if (DATE_EXAMPLE.test(example) || /YYYY-MM-DD/.test(swagger.description ?? '')) return 'date';
  return DATE_NAME.test(property) ? (/date/.test(property) ? 'date' : 'date-time') : undefined;
}

function fieldShape(dto: DtoClass, property: string, rules: ValidationMetadata[]): FieldShape {
  const named = (name: string) => rules.find((rule) => rule.name === name);
  const optional = rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION);
  const checks = rules.filter((rule) => rule.type !== ValidationTypes.CONDITIONAL_VALIDATION && rule.type !== ValidationTypes.WHITELIST);
  const nested = nestedClass(dto, property);
  const transform = queryTransform(dto, property);
  const kind: ScalarKind | undefined = named('isInt')
    ? 'integer'
    : named('isNumber')
      ? 'number'
      : named('isBoolean')
        ? 'boolean'
        : named('isString') || named('isCalendarDate') || named('matches')
          ? 'string'
          : transform === 'number'
            ? 'number'
            : undefined;
  const enumValues = (named('isIn')?.constraints[0] ?? (named('equals') ? [named('equals')!.constraints[0]] : undefined)) as
    unknown[] | undefined;
  const swagger = swaggerProperty(dto, property);
  const wireName = defaultMetadataStorage.findExposeMetadata(dto, property)?.options?.name ?? property;
  return {
    property,
    wireName,
    required: !optional && checks.some((rule) => rule.type !== ValidationTypes.NESTED_VALIDATION),
    nullRefused: !optional && checks.length > 0,
    free: checks.length === 0 && !nested,
    array: named('isArray') !== undefined || transform === 'array' || checks.some((rule) => rule.each),
    kind,
    nested,
    enumValues,
    pattern: named('matches')?.constraints[0] as RegExp | undefined,
    min: named('min')?.constraints[0] as number | undefined,
    max: named('max')?.constraints[0] as number | undefined,
    date: dateKind(property, rules, swagger, kind),
    notEmpty: named('isNotEmpty') !== undefined || named('arrayNotEmpty') !== undefined || named('arrayMinSize') !== undefined,
    arrayMax: named('arrayMaxSize')?.constraints[0] as number | undefined,
    transform,
    textLimit: textLimitOf(wireName),
  };
}

const shapes = new Map<DtoClass, DtoShape>();

/** The fields of a DTO class (inherited ones included) as class-validator and class-transformer record them. */
export function dtoShape(dto: DtoClass): DtoShape {
  const known = shapes.get(dto);
  if (known) return known;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  const shape = { dto, fields: [...byProperty].map(([property, rules]) => fieldShape(dto, property, rules)) };
  shapes.set(dto, shape);
  return shape;
}
