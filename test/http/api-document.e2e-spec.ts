import SwaggerParser from '@apidevtools/swagger-parser';
import { API_OPERATION_IDS, ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { TestApp } from '../support/test-app';

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
  });
});
