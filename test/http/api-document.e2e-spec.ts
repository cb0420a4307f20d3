import SwaggerParser from '@apidevtools/swagger-parser';
import { API_OPERATION_IDS, ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import type {
  ExampleObject,
  MediaTypeObject,
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { DocumentShape, documentShape, shapeDivergences } from '../support/document-shape';
import { TestApp } from '../support/test-app';
import { LISTED_DIVERGENCES, SYSTEMATIC_DIVERGENCES } from './reference-divergences';

const DOCUMENTS = {
  [ApiInterface.Enterprise]: '/docs/enterprise/openapi.json',
  [ApiInterface.Customer]: '/docs/customer/openapi.json',
};

interface DocumentedOperation {
  key: string;
  operation: OperationObject;
}

function operationsOf(document: OpenAPIObject, apiInterface: ApiInterface): DocumentedOperation[] {
  const prefix = `/${INTERFACE_BASE_PATHS[apiInterface]}`;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete', 'patch'] as const).flatMap((method) => {
      const operation = item[method];
      return operation ? [{ key: `${method.toUpperCase()} ${path.slice(prefix.length)}`, operation }] : [];
    }),
  );
}

/** Every example of the document, with where it sits. */
function examplesOf(document: OpenAPIObject, apiInterface: ApiInterface): Array<{ where: string; value: unknown }> {
  return operationsOf(document, apiInterface).flatMap(({ key, operation }) => {
    const media: Array<[string, MediaTypeObject | undefined]> = [
      [`${key} request`, (operation.requestBody as RequestBodyObject | undefined)?.content['application/json']],
      ...Object.entries(operation.responses).map(
        ([status, response]) =>
          [`${key} ${status}`, (response as ResponseObject).content?.['application/json']] as [string, MediaTypeObject | undefined],
      ),
    ];
    return media.flatMap(([where, content]) => [
      ...(content?.example !== undefined ? [{ where, value: content.example }] : []),
      ...Object.entries(content?.examples ?? {}).map(([name, example]) => ({
        where: `${where} ${name}`,
        value: (example as ExampleObject).value,
      })),
    ]);
  });
}

/**
 * The JSON paths of an example whose values are Swagger's own fill-ins (`"string"`, `0`) rather than
 * real ones. An empty string can be real (the `resource_id` of a 404 for a path that names no record).
 */
function placeholdersIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholdersIn(item, `${at}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => placeholdersIn(item, `${at}.${name}`));
  return value === 'string' || value === 0 ? [at] : [];
}

/** Prints a measurement of the documents beside the test results. */
const report = (line: string) => process.stdout.write(`${line}\n`);

/** The reference's operations, fields and types, recorded from it so that the comparison runs without it. */
const REFERENCE_SHAPE_FILE = join(__dirname, 'reference-shape.json');

/**
 * The reference's shape: from the reference itself when `TESSERA_CONTRACT_SPEC` names it (and then the
 * recorded table must agree with it, or is re-recorded with `TESSERA_RECORD_REFERENCE_SHAPE=1`),
 * otherwise from the recorded table.
 */
function referenceShape(): DocumentShape {
  const recorded = existsSync(REFERENCE_SHAPE_FILE) ? (JSON.parse(readFileSync(REFERENCE_SHAPE_FILE, 'utf8')) as DocumentShape) : undefined;
  const specFile = process.env.TESSERA_CONTRACT_SPEC;
  if (!specFile) return recorded!;
  const live = sortedShape(documentShape(load(readFileSync(specFile, 'utf8')) as Parameters<typeof documentShape>[0]));
  if (process.env.TESSERA_RECORD_REFERENCE_SHAPE === '1') writeFileSync(REFERENCE_SHAPE_FILE, `${JSON.stringify(live, null, 2)}\n`);
  else expect(recorded).toEqual(live);
  return live;
}

const sortedShape = (shape: DocumentShape): DocumentShape =>
  Object.fromEntries(
    Object.keys(shape)
      .sort()
      .map((key) => [key, Object.fromEntries(Object.entries(shape[key]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))]),
  );

const jsonSchema = (response: ResponseObject | undefined) => response?.content?.['application/json']?.schema;
const anySchema = (response: ResponseObject | undefined) => Object.values(response?.content ?? {}).some((media) => media.schema);
const isPublic = (operation: OperationObject) => operation.security?.some((requirement) => Object.keys(requirement).length === 0);

describe('the generated API documents', () => {
  let t: TestApp;
  const documents = new Map<ApiInterface, OpenAPIObject>();
  beforeAll(async () => {
    t = await TestApp.create();
    for (const [apiInterface, url] of Object.entries(DOCUMENTS)) {
      documents.set(apiInterface as ApiInterface, (await t.request('GET', url)).body as OpenAPIObject);
    }
  });
  afterAll(() => t.close());

  describe.each(Object.values(ApiInterface))('the %s document', (apiInterface) => {
    it('validates as OpenAPI 3', async () => {
      const document = documents.get(apiInterface)!;
      expect(document.openapi).toMatch(/^3\./);
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    });

    it("names each operation by the reference's operation id, or by a unique id of its own", () => {
      const operations = operationsOf(documents.get(apiInterface)!, apiInterface);
      expect(operations.length).toBeGreaterThan(0);
      const wrong = operations.filter(({ key, operation }) => key in API_OPERATION_IDS && operation.operationId !== API_OPERATION_IDS[key]);
      expect(wrong.map(({ key, operation }) => `${key}: ${operation.operationId}`)).toEqual([]);
      const ids = operations.map(({ operation }) => operation.operationId);
      expect(ids.filter((id) => typeof id !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    });

    it('documents the error bodies of every operation', () => {
      const document = documents.get(apiInterface)!;
      const lacking = operationsOf(document, apiInterface).flatMap(({ key, operation }) => {
        const statuses = ['400', '403', '404', '405', '429', '500', ...(isPublic(operation) ? [] : ['401'])];
        if (operation.requestBody) statuses.push('408', '413');
        return statuses
          .filter((status) => !jsonSchema(operation.responses[status] as ResponseObject | undefined))
          .map((status) => `${key} ${status}`);
      });
      expect(lacking).toEqual([]);
      const badRequest = jsonSchema(operationsOf(document, apiInterface)[0].operation.responses['400'] as ResponseObject);
      expect(badRequest).toEqual({ $ref: '#/components/schemas/BadRequestErrorResponseDto' });
      expect(document.components?.schemas).toHaveProperty('BadRequestErrorDataDto.properties.invalid_params');
    });

    it('lists 401 only where a token or credentials are checked', () => {
      const responses = new Map(
        operationsOf(documents.get(apiInterface)!, apiInterface).map(({ key, operation }) => [key, operation.responses]),
      );
      if (apiInterface === ApiInterface.Enterprise) {
        expect(responses.get('POST /users/actions/login')).toHaveProperty('401');
        expect(responses.get('GET /users')).toHaveProperty('401');
      } else {
        expect(responses.get('POST /tokens')).not.toHaveProperty('401');
        expect(responses.get('GET /customers/{customer_id}')).toHaveProperty('401');
      }
    });

    it('documents a success response for every operation (a body schema, or 204)', () => {
      const operations = operationsOf(documents.get(apiInterface)!, apiInterface);
      const lacking = operations.filter(({ operation }) =>
        Object.entries(operation.responses).every(
          ([status, response]) => !/^2/.test(status) || (status !== '204' && !anySchema(response as ResponseObject)),
        ),
      );
      expect(operations.length).toBeGreaterThan(0);
      expect(lacking.map(({ key }) => key)).toEqual([]);
    });

    it('describes every operation, in words of its handler first', () => {
      const operations = operationsOf(documents.get(apiInterface)!, apiInterface);
      const undescribed = operations.filter(({ operation }) => !operation.description?.trim());
      // The handler's own words come first, then a paragraph of the facts the server's rules fix.
      const withoutOwnWords = operations.filter(({ operation }) => (operation.description ?? '').split('\n\n').length < 2);
      report(
        `${apiInterface}: ${operations.length} operations, ${undescribed.length} without a description, ` +
          `${operations.length - withoutOwnWords.length} described by their handler`,
      );
      expect(undescribed.map(({ key }) => key)).toEqual([]);
      expect(withoutOwnWords.map(({ key }) => key)).toEqual([]);
    });

    it('gives each body and each success response an example of real values', () => {
      const document = documents.get(apiInterface)!;
      const operations = operationsOf(document, apiInterface);
      const withoutRequestExample = operations.filter(({ operation }) => {
        const media = (operation.requestBody as RequestBodyObject | undefined)?.content['application/json'];
        return media !== undefined && media.example === undefined;
      });
      const withoutResponseExample = operations.filter(({ operation }) =>
        Object.entries(operation.responses).some(([status, response]) => {
          const media = (response as ResponseObject).content?.['application/json'];
          return /^2/.test(status) && media !== undefined && media.example === undefined;
        }),
      );
      const placeholders = examplesOf(document, apiInterface).flatMap(({ where, value }) =>
        placeholdersIn(value).map((at) => `${where}: ${at}`),
      );
      report(
        `${apiInterface}: ${withoutRequestExample.length} bodies and ${withoutResponseExample.length} success responses without an example, ` +
          `${placeholders.length} placeholder values`,
      );
      expect(withoutRequestExample.map(({ key }) => key)).toEqual([]);
      expect(withoutResponseExample.map(({ key }) => key)).toEqual([]);
      expect(placeholders).toEqual([]);
    });

    it('shows the error bodies the server sends, naming fields the operation has', () => {
      const operations = operationsOf(documents.get(apiInterface)!, apiInterface);
      const wrong = operations.flatMap(({ key, operation }) => {
        const examplesAt = (status: string) =>
          Object.values((operation.responses[status] as ResponseObject | undefined)?.content?.['application/json']?.examples ?? {}).map(
            (example) => (example as ExampleObject).value as { error: { exception: string; error_data?: Record<string, unknown> } },
          );
        const problems: string[] = [];
        const expectException = (status: string, allowed: string[]) => {
          const examples = examplesAt(status);
          if (examples.length === 0 && operation.responses[status]) problems.push(`${key} ${status}: no example`);
          for (const { error } of examples) if (!allowed.includes(error.exception)) problems.push(`${key} ${status}: ${error.exception}`);
        };
        expectException('400', ['bad_request_exception']);
        expectException('401', ['unauthorized_exception']);
        expectException('403', [
          'operation_not_allowed_exception',
          'customer_not_logged_in_exception',
          'external_application_not_allowed_exception',
        ]);
        expectException('404', ['not_found_exception']);
        expectException('405', ['method_not_allowed_exception']);
        expectException('429', ['too_many_requests_exception']);
        expectException('503', ['service_unavailable_exception']);
        const fields = new Set([
          ...((operation.parameters ?? []) as ParameterObject[]).map((parameter) => parameter.name),
          ...requiredBodyFields(documents.get(apiInterface)!, operation),
          'Accept-Language',
        ]);
        for (const { error } of examplesAt('400'))
          for (const param of error.error_data?.invalid_params as Array<{ name: string }>)
            if (!fields.has(param.name)) problems.push(`${key} 400 names ${param.name}`);
        for (const status of ['429', '503'])
          if (!(operation.responses[status] as ResponseObject).headers?.['Retry-After']) problems.push(`${key} ${status}: no Retry-After`);
        return problems;
      });
      expect(wrong).toEqual([]);
    });

    it('describes the bearer token as the opaque string it is', () => {
      const bearer = documents.get(apiInterface)!.components?.securitySchemes?.bearer as unknown as Record<string, unknown>;
      expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(bearer).not.toHaveProperty('bearerFormat');
      expect(bearer.description).toMatch(/opaque/);
    });
  });

  it('shows the error bodies the server answers with', async () => {
    const document = documents.get(ApiInterface.Enterprise)!;
    const prefix = `/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
    const exampleOf = (path: string, method: 'get' | 'post', status: string, name: string) =>
      (
        (document.paths[`${prefix}${path}`][method]!.responses[status] as ResponseObject).content!['application/json'].examples![
          name
        ] as ExampleObject
      ).value;

    const unauthorized = await t.enterprise('GET', '/users');
    expect(unauthorized.body).toEqual(exampleOf('/users', 'get', '401', 'unauthorized'));

    const token = await t.enterpriseToken();
    const notFound = await t.enterprise('GET', '/users/8d3f2a61c0b94e7a95d1f6c2b7e40a13', { token });
    expect(notFound.body).toEqual(exampleOf('/users/{user_id}', 'get', '404', 'not_found'));

    const notAllowed = await t.enterprise('DELETE', '/users', { token });
    const documented = exampleOf('/users', 'get', '405', 'method_not_allowed') as { error: { exception: string } };
    expect(notAllowed.body.error.exception).toBe(documented.error.exception);
    expect(Object.keys(notAllowed.body.error)).toEqual(Object.keys(documented.error));
  });
  it('departs from the reference in field names and types only where the known divergences say', () => {
    const reference = referenceShape();
    expect(Object.keys(reference).length).toBeGreaterThan(0);
    const divergences = Object.values(ApiInterface).flatMap((apiInterface) =>
      shapeDivergences(reference, documentShape(documents.get(apiInterface)! as never, `/${INTERFACE_BASE_PATHS[apiInterface]}`)).map(
        (divergence) => `${apiInterface} ${divergence}`,
      ),
    );
    const listed = new Set(LISTED_DIVERGENCES.flatMap(({ divergences: known }) => known));
    const systematic = (divergence: string) => SYSTEMATIC_DIVERGENCES.some(({ pattern }) => pattern.test(divergence));
    const unexplained = divergences.filter((divergence) => !listed.has(divergence) && !systematic(divergence));
    const found = new Set(divergences);
    report(
      `reference: ${divergences.length} divergences in field names and types, ${divergences.filter(systematic).length} of known kinds, ` +
        `${divergences.filter((divergence) => listed.has(divergence)).length} listed, ${unexplained.length} new`,
    );
    expect(unexplained).toEqual([]);
    expect([...listed].filter((divergence) => !found.has(divergence))).toEqual([]);
    expect(SYSTEMATIC_DIVERGENCES.filter(({ pattern }) => !divergences.some((divergence) => pattern.test(divergence)))).toEqual([]);
  });
});

function requiredBodyFields(document: OpenAPIObject, operation: OperationObject): string[] {
  const schema = (operation.requestBody as RequestBodyObject | undefined)?.content['application/json']?.schema;
  if (!schema) return [];
  const resolved = '$ref' in schema ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return (resolved as SchemaObject | undefined)?.required ?? [];
}
