import { getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from '@nestjs/swagger';
import type { RequestBodyObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import {
  API_OPERATION_IDS,
  ApiInterface,
  BadRequestErrorResponseDto,
  BasicErrorResponseDto,
  ForbiddenErrorResponseDto,
  INTERFACE_BASE_PATHS,
  InvalidParamsErrorResponseDto,
  MethodNotAllowedErrorResponseDto,
  NotFoundErrorResponseDto,
  REQUIRES_CUSTOMER_EXTENSION,
  UnauthorizedErrorResponseDto,
} from '@tessera/http';
import { ERROR_HEADERS, ErrorExampleContext, errorExamples } from './document-error-examples';
import { ExampleDirection, Schemas, exampleOf } from './document-examples';
import { operationDescription } from './operation-notes';

/** The error body classes the documents refer to; pass them to `createDocument` as extra models. */
export const ERROR_RESPONSE_MODELS = [
  BadRequestErrorResponseDto,
  UnauthorizedErrorResponseDto,
  ForbiddenErrorResponseDto,
  NotFoundErrorResponseDto,
  MethodNotAllowedErrorResponseDto,
  InvalidParamsErrorResponseDto,
  BasicErrorResponseDto,
];

interface ErrorResponse {
  description: string;
  body?: (typeof ERROR_RESPONSE_MODELS)[number];
  /** Whether the operation can answer it; every operation when absent. */
  appliesTo?: (operation: OperationObject, key: string) => boolean;
}

/** Public operations that still check credentials of their own and answer 401 when they are wrong. */
const PUBLIC_OPERATIONS_CHECKING_CREDENTIALS = new Set(['POST /users/actions/login']);

const isPublic = (operation: OperationObject) => operation.security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;

/**
 * The error statuses each operation documents, with the body the global filter sends for them. As in
 * the API reference, every operation lists 404 and 405. The 503 documented is the filter's, for a database
 * that cannot be reached; the one Fastify sends to a request arriving while the server shuts down has its
 * own body, and a client retries it alike.
 */
const ERROR_RESPONSES: Record<string, ErrorResponse> = {
  400: { description: 'Bad request: `error_data.invalid_params` names each value at fault', body: BadRequestErrorResponseDto },
  401: {
    description: 'Missing, unknown or expired bearer token, or wrong credentials',
    body: UnauthorizedErrorResponseDto,
    appliesTo: (operation, key) => !isPublic(operation) || PUBLIC_OPERATIONS_CHECKING_CREDENTIALS.has(key),
  },
  403: {
    description:
      "Refused: the application's permissions or the project's settings leave the operation out, or it needs a logged-in customer",
    body: ForbiddenErrorResponseDto,
  },
  404: { description: 'A record the request names does not exist', body: NotFoundErrorResponseDto },
  405: { description: 'The path does not offer the method; `Allow` lists those it does', body: MethodNotAllowedErrorResponseDto },
  408: {
    description: 'The request body did not arrive in time',
    body: InvalidParamsErrorResponseDto,
    appliesTo: (operation) => operation.requestBody !== undefined,
  },
  413: {
    description: 'The request body is over the size limit',
    body: InvalidParamsErrorResponseDto,
    appliesTo: (operation) => operation.requestBody !== undefined,
  },
  429: { description: 'Request limit reached; `Retry-After` gives the seconds to wait', body: BasicErrorResponseDto },
  500: { description: 'The server failed; `detail` carries the request id to quote', body: BasicErrorResponseDto },
  503: {
    description: 'The database cannot be reached (or the server is shutting down); `Retry-After` gives the seconds to wait',
    body: BasicErrorResponseDto,
  },
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * One interface's share of a document generated from controllers that may serve both: the paths
 * under its base path (a handler is routed only under the interfaces its `@Offers` names), each
 * operation with the API reference's operation id and its error responses, and the schemas those
 * paths reach.
 */
export function interfaceDocument(document: OpenAPIObject, apiInterface: ApiInterface): OpenAPIObject {
  const prefix = `/${INTERFACE_BASE_PATHS[apiInterface]}`;
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith(`${prefix}/`)));
  const schemas = document.components?.schemas ?? {};
  for (const [path, item] of Object.entries(paths)) {
    const pathMethods = HTTP_METHODS.filter((method) => item[method]);
    for (const method of pathMethods) {
      const operation = item[method]!;
      const key = `${method.toUpperCase()} ${path.slice(prefix.length)}`;
      operation.operationId = API_OPERATION_IDS[key] ?? ownOperationId(method, path.slice(prefix.length));
      const extensions = operation as unknown as Record<string, unknown>;
      const requiresCustomer = extensions[REQUIRES_CUSTOMER_EXTENSION] === true;
      delete extensions[REQUIRES_CUSTOMER_EXTENSION];
      const requestSchema = (operation.requestBody as RequestBodyObject | undefined)?.content['application/json']?.schema;
      const requiredBodyFields = requiredFieldsOf(requestSchema, schemas);
      documentErrors(operation, { apiInterface, key, operation, pathMethods, requiredBodyFields, requiresCustomer });
      documentExamples(operation, schemas);
      operation.description = operationDescription({ apiInterface, key, operation, isPublic: isPublic(operation), requiresCustomer });
    }
  }
  return { ...document, paths, components: { ...document.components, schemas: reachableSchemas(paths, schemas) } };
}

/** An id in the reference's style for an operation the reference lacks: `GET /customer-photos/{photo_id}` -> `getCustomerPhotosPhotoId`. */
function ownOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** Adds the error responses the operation can answer, keeping a description its handler gave. */
function documentErrors(operation: OperationObject, context: ErrorExampleContext): void {
  const examples = errorExamples(context);
  for (const [status, error] of Object.entries(ERROR_RESPONSES)) {
    if (error.appliesTo && !error.appliesTo(operation, context.key)) continue;
    const declared = operation.responses[status] as ResponseObject | undefined;
    const content = error.body && { 'application/json': { schema: { $ref: getSchemaPath(error.body) }, examples: examples[status] } };
    const headers = ERROR_HEADERS[status]?.map(
      (name) => [name, { description: HEADER_DESCRIPTIONS[name], schema: { type: 'string' as const } }] as const,
    );
    operation.responses[status] = {
      description: declared?.description || error.description,
      ...(headers && { headers: Object.fromEntries(headers) }),
      ...(content && { content }),
    };
  }
}

const HEADER_DESCRIPTIONS: Record<string, string> = {
  Allow: 'The methods the path offers',
  'Retry-After': 'Seconds to wait before trying again',
};

/**
 * Gives the request body, each JSON success response and each path parameter an example built from
 * its schema, unless its handler wrote one.
 */
function documentExamples(operation: OperationObject, schemas: Schemas): void {
  const withExample = (content: RequestBodyObject['content'] | undefined, direction: ExampleDirection) => {
    const media = content?.['application/json'];
    if (media?.schema && media.example === undefined && media.examples === undefined)
      media.example = exampleOf(media.schema, schemas, direction);
  };
  withExample((operation.requestBody as RequestBodyObject | undefined)?.content, 'request');
  for (const [status, response] of Object.entries(operation.responses))
    if (/^2/.test(status)) withExample((response as ResponseObject).content, 'response');
  for (const parameter of (operation.parameters ?? []) as ParameterObject[])
    if (parameter.in === 'path' && parameter.schema && parameter.example === undefined)
      parameter.example = exampleOf(parameter.schema, schemas, 'request', parameter.name);
}

/** The properties a body schema requires, following a reference to its named schema. */
function requiredFieldsOf(schema: RequestBodyObject['content'][string]['schema'], schemas: Schemas): string[] {
  if (!schema) return [];
  const resolved = '$ref' in schema ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return (resolved as SchemaObject | undefined)?.required ?? [];
}

/** The named schemas the paths refer to, directly or through other schemas. */
function reachableSchemas<T>(paths: object, schemas: Record<string, T>): Record<string, T> {
  const reached = new Set<string>();
  const pending: unknown[] = [paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const name = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '') : undefined;
        if (name && !reached.has(name) && name in schemas) {
          reached.add(name);
          pending.push(schemas[name]);
        } else pending.push(value);
      }
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}
