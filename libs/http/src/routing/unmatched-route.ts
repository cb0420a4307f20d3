import { ApiError } from '../errors/api-error';
import { API_ROUTE_CATALOG } from './api-route-catalog';
import { API_VERSION, ApiInterface, INTERFACE_DISPLAY_NAMES } from './api-interface';

interface CatalogEntry {
  segments: string[];
  staticCount: number;
  operations: Map<string, 'B' | 'E' | 'C'>;
}

const catalog: CatalogEntry[] = API_ROUTE_CATALOG.map(([path, operations]) => {
  const segments = path.split('/').filter(Boolean);
  return {
    segments,
    staticCount: segments.filter((s) => !s.startsWith('{')).length,
    operations: new Map(
      operations.split(' ').map((op) => {
        const [method, iface] = op.split(':');
        return [method, iface as 'B' | 'E' | 'C'];
      }),
    ),
  };
});

const INTERFACE_PREFIX = /^\/webservice\/rest-api\/(enterprise-interface|customer-interface)\/([^/]+)(\/.*)?$/;

function findEntry(resourcePath: string): CatalogEntry | undefined {
  const parts = resourcePath.split('/').filter(Boolean);
  let best: CatalogEntry | undefined;
  for (const entry of catalog) {
    if (entry.segments.length !== parts.length) continue;
    const matches = entry.segments.every((seg, i) => seg.startsWith('{') || seg === parts[i]);
    if (matches && (!best || entry.staticCount > best.staticCount)) best = entry;
  }
  return best;
}

/**
 * Decides the answer for a request no handler took: 404 for an address the API does not have,
 * 405 (with `Allow`) for a method the path lacks, 403 for an operation only the other interface offers.
 * An operation of the API that this server does not provide yet also answers 404.
 */
export function unmatchedRouteError(method: string, url: string, implementedMethods: (path: string) => string[]): ApiError {
  const path = url.split('?')[0];
  const match = INTERFACE_PREFIX.exec(path);
  if (!match || match[2] !== API_VERSION) return ApiError.notFound('path', '');
  const iface = match[1] === 'enterprise-interface' ? ApiInterface.Enterprise : ApiInterface.Customer;
  const resourcePath = match[3] ?? '/';
  const entry = findEntry(resourcePath);
  const resourceName = resourcePath.split('/').filter(Boolean)[0] ?? '';
  const served = implementedMethods(path);
  if (!entry) {
    return served.length > 0 ? ApiError.methodNotAllowed(method, served) : ApiError.notFound(resourceName, '');
  }
  const requested = method === 'HEAD' ? 'GET' : method;
  const owner = entry.operations.get(requested);
  if (!owner) {
    const allowed = [...new Set([...entry.operations.keys(), ...served])];
    return ApiError.methodNotAllowed(method, allowed);
  }
  const offeredHere = owner === 'B' || (owner === 'E') === (iface === ApiInterface.Enterprise);
  if (!offeredHere) return ApiError.interfaceNotAllowed(resourceName, INTERFACE_DISPLAY_NAMES[iface]);
  return ApiError.notFound(resourceName, '');
}
