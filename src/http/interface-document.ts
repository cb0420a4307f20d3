import type { OpenAPIObject } from '@nestjs/swagger';
import { ApiInterface, INTERFACE_BASE_PATHS } from '../../libs/http/src';

/**
 * One interface's share of a document generated from controllers that may serve both: the paths
 * under its base path (a handler is routed only under the interfaces its `@Offers` names), the
 * schemas those paths reach, and operation ids without the `[n]` Swagger gives each path of a
 * multi-path handler where the id is unique within this interface.
 */
export function interfaceDocument(document: OpenAPIObject, apiInterface: ApiInterface): OpenAPIObject {
  const prefix = `/${INTERFACE_BASE_PATHS[apiInterface]}/`;
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith(prefix)));
  const operations = Object.values(paths).flatMap((item) =>
    Object.values(item).filter(
      (value): value is { operationId?: string } => typeof value === 'object' && value !== null && 'responses' in value,
    ),
  );
  const plainIds = operations.map((operation) => operation.operationId?.replace(/\[\d+\]$/, ''));
  operations.forEach((operation, index) => {
    if (plainIds.indexOf(plainIds[index]) === plainIds.lastIndexOf(plainIds[index])) operation.operationId = plainIds[index];
  });
  const schemas = document.components?.schemas ?? {};
  return { ...document, paths, components: { ...document.components, schemas: reachableSchemas(paths, schemas) } };
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
