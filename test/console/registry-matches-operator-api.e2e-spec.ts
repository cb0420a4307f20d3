import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { OPERATOR_BASE_PATH } from '@tessera/http';
import type { FieldConfig, ResourceConfig } from '../../console/src/resources/resource-config';
import { RESOURCES } from '../../console/src/resources/registry';
import { TestApp } from '../support/test-app';

type Schema = SchemaObject | ReferenceObject;

/**
 * The console's registry against the operator API's own OpenAPI document: every path it calls exists, every
 * field it shows is one the API answers and every field it writes one the API's write takes, with the type and
 * values that write declares, and no required field of a write is missing from the form.
 */
describe('Console registry and the operator API', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    const t = await TestApp.create();
    try {
      document = (await t.request('GET', `/${OPERATOR_BASE_PATH}/docs/openapi.json`)).body as OpenAPIObject;
    } finally {
      await t.close();
    }
  }, 180_000);

  const resolve = (schema: Schema | undefined): SchemaObject | undefined => {
    if (!schema) return undefined;
    if ('$ref' in schema) return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  };

  const operation = (path: string, method: 'get' | 'post' | 'put'): OperationObject | undefined =>
    document.paths[`/${OPERATOR_BASE_PATH}${path}`]?.[method];

  const itemPath = (resource: string): string | undefined => {
    const pattern = new RegExp(`^/${OPERATOR_BASE_PATH}/${resource}/\\{[^/]+\\}$`);
    return Object.keys(document.paths)
      .find((path) => pattern.test(path))
      ?.slice(OPERATOR_BASE_PATH.length + 1);
  };

  const bodyOf = (op: OperationObject | undefined): SchemaObject | undefined =>
    op?.requestBody && 'content' in op.requestBody ? resolve(op.requestBody.content['application/json']?.schema) : undefined;

  /** The record a list answers, from its envelope (`data.<items>[]`). */
  const listedRecord = (resource: string): SchemaObject | undefined => {
    const answer = resolve(
      (operation(`/${resource}`, 'get')?.responses['200'] as ResponseObject | undefined)?.content?.['application/json']?.schema,
    );
    const data = resolve(answer?.properties?.data);
    const items = Object.values(data?.properties ?? {})
      .map(resolve)
      .find((property) => property?.type === 'array');
    return resolve(items?.items);
  };

  /** The record an item answers (`data`). */
  const shownRecord = (resource: string): SchemaObject | undefined => {
    const path = itemPath(resource);
    const answer = resolve(
      path ? (operation(path, 'get')?.responses['200'] as ResponseObject | undefined)?.content?.['application/json']?.schema : undefined,
    );
    return resolve(answer?.properties?.data);
  };

  const topField = (field: FieldConfig) => field.source.split('.')[0];

  /** What the form's input sends, against the write's schema of the field. */
  function typeMismatch(field: FieldConfig, schema: SchemaObject): string | undefined {
    const declared = schema.oneOf ? schema.oneOf.map((one) => resolve(one)?.type) : [schema.type];
    const expected: Partial<Record<FieldConfig['type'], string[]>> = {
      number: ['number', 'integer', 'object'],
      boolean: ['boolean'],
      translations: ['array'],
      references: ['array'],
      choices: ['array'],
      json: ['array', 'object'],
      text: ['string', 'object'],
      longtext: ['string', 'object'],
      password: ['string'],
      date: ['string', 'object'],
      reference: ['string', 'object'],
    };
    const allowed = expected[field.type];
    if (field.source.includes('.')) return undefined;
    if (allowed && !declared.some((type) => allowed.includes(String(type))))
      return `a ${field.type} input, but the API declares ${declared.join('|')}`;
    const values = field.type === 'choices' ? resolve(schema.items)?.enum : schema.enum;
    if ((field.type === 'select' || field.type === 'choices') && values) {
      const offered = (field.choices ?? []).map((choice) => choice.id);
      if (JSON.stringify([...offered].sort()) !== JSON.stringify([...values].sort()))
        return `offers ${offered.join(',')} but the API takes ${values.join(',')}`;
    }
    return undefined;
  }

  const writable = (config: ResourceConfig) => config.write !== undefined;

  it.each(RESOURCES.map((config) => [config.name, config] as const))('%s', (_name, config) => {
    const problems: string[] = [];
    const list = operation(`/${config.name}`, 'get');
    if (!list) problems.push(`GET /${config.name} does not exist`);
    const listParameters = ((list?.parameters ?? []) as ParameterObject[]).map((parameter) => parameter.name);
    if (config.search && !listParameters.includes('q')) problems.push('the list takes no q');
    if (config.lifecycle && !listParameters.includes('state')) problems.push('the list takes no state');

    const item = itemPath(config.name);
    const shown = config.searchOnly ? undefined : (shownRecord(config.name) ?? listedRecord(config.name));
    const listed = listedRecord(config.name);
    if (!config.searchOnly) {
      if (!shown?.properties?.[config.idField] && !listed?.properties?.[config.idField]) problems.push(`no id field ${config.idField}`);
      const title = config.titleField.split('.')[0];
      if (!shown?.properties?.[title] && !listed?.properties?.[title]) problems.push(`no title field ${title}`);
    }
    if (config.lifecycle) {
      for (const action of config.lifecycleActions ?? ['deactivate', 'activate'])
        if (!item || !operation(`${item}/actions/${action}`, 'post')) problems.push(`no ${action} action`);
    }

    const create = writable(config) && !config.editOnly ? bodyOf(operation(`/${config.name}`, 'post')) : undefined;
    const change = writable(config) && item ? bodyOf(operation(item, 'put')) : undefined;
    if (writable(config) && !config.editOnly && !create) problems.push(`POST /${config.name} takes no body`);
    if (writable(config) && !change) problems.push(`PUT ${item ?? `/${config.name}/{id}`} takes no body`);

    for (const field of config.fields) {
      const name = topField(field);
      if (field.readOnly || !writable(config)) {
        if (!shown?.properties?.[name] && !listed?.properties?.[name]) problems.push(`${field.source} is not in the API's answer`);
        continue;
      }
      for (const [write, body] of [
        ['create', create],
        ['change', field.createOnly ? undefined : change],
      ] as const) {
        if (!body) continue;
        const schema = resolve(body.properties?.[name]);
        if (!schema) {
          problems.push(`${field.source} is not a field of the ${write}`);
          continue;
        }
        const mismatch = typeMismatch(field, schema);
        if (mismatch) problems.push(`${field.source}: ${mismatch}`);
      }
      if ((field.type === 'reference' || field.type === 'references') && !RESOURCES.some((other) => other.name === field.reference))
        problems.push(`${field.source} refers to ${field.reference}, which the console does not have`);
    }

    const formFields = new Set(config.fields.filter((field) => !field.readOnly).map(topField));
    for (const [write, body] of [
      ['create', create],
      ['change', change],
    ] as const)
      for (const required of body?.required ?? [])
        if (!formFields.has(required)) problems.push(`the ${write} requires ${required}, which the form lacks`);
    const requiredInForm = (body: SchemaObject | undefined, field: FieldConfig) =>
      !body?.required?.includes(topField(field)) || field.required || field.type === 'boolean';
    for (const field of config.fields)
      if (!field.readOnly && writable(config) && (!requiredInForm(create, field) || !requiredInForm(change, field)))
        problems.push(`${field.source} is required by the API but not by the form`);

    expect(problems).toEqual([]);
  });
});
