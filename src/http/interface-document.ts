import { getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
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
  UnauthorizedErrorResponseDto,
} from '@tessera/http';

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
 * the API reference, every operation lists 404 and 405. The 503 sent while the server shuts down
 * comes from Fastify, in its own body, so it has no schema here.
 */
const ERROR_RESPONSES: Record<string, ErrorResponse> = {
  400: { description: 'Bad request: `error_data.invalid_params` names each value at fault', body: BadRequestErrorResponseDto },
  401: {
    description: 'Missing, unknown or expired bearer token, or wrong credentials',
    body: UnauthorizedErrorResponseDto,
    appliesTo: (operation, key) => !isPublic(operation) || PUBLIC_OPERATIONS_CHECKING_CREDENTIALS.has(key),
  },
  403: {
    description: 'Refused: the other interface owns the operation, the application may not call it, or it needs a logged-in customer',
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
  503: { description: 'The server is shutting down' },
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
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path.slice(prefix.length)}`;
      operation.operationId = API_OPERATION_IDS[key] ?? ownOperationId(method, path.slice(prefix.length));
      documentErrors(operation, key);
    }
  }
  const schemas = document.components?.schemas ?? {};
  return { ...document, paths, components: { ...document.components, schemas: reachableSchemas(paths, schemas) } };
}

/** An id in the reference's style for an operation the reference lacks: `GET /customer-photos/{photo_id}` -> `getCustomerPhotosPhotoId`. */
function ownOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** Adds the error responses the operation can answer, keeping a description its handler gave. */
function documentErrors(operation: OperationObject, key: string): void {
  for (const [status, error] of Object.entries(ERROR_RESPONSES)) {
    if (error.appliesTo && !error.appliesTo(operation, key)) continue;
    const declared = operation.responses[status] as ResponseObject | undefined;
    const content = error.body && { 'application/json': { schema: { $ref: getSchemaPath(error.body) } } };
    operation.responses[status] = { description: declared?.description || error.description, ...(content && { content }) };
  }
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
