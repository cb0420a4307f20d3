import { API_VERSION, ApiInterface, INTERFACE_BASE_PATHS } from './api-interface';

/** The API operation a matched route serves, named as in the API reference. */
export interface ApiOperation {
  apiInterface: ApiInterface;
  version: string;
  method: string;
  /** Path template without the interface prefix, e.g. `/stores/{store_id}`. */
  path: string;
  /** `METHOD /path`, the form operators use in settings. */
  key: string;
}

const BASE_PATH_TO_INTERFACE = Object.entries(INTERFACE_BASE_PATHS).map(([apiInterface, base]) => ({
  apiInterface: apiInterface as ApiInterface,
  prefix: `/${base}`,
}));

/** Operations by method and route template: every guard and interceptor asks for each request's. */
const operationsByRoute = new Map<string, Map<string, ApiOperation | undefined>>();

/**
 * Names the operation of a route template as Fastify registered it (`/webservice/.../v1.0/stores/:store_id`);
 * `undefined` for routes outside both interfaces (health probes, docs).
 */
export function apiOperationOf(method: string, routeUrl: string | undefined): ApiOperation | undefined {
  if (!routeUrl) return undefined;
  let routes = operationsByRoute.get(method);
  if (!routes) operationsByRoute.set(method, (routes = new Map<string, ApiOperation | undefined>()));
  if (routes.has(routeUrl)) return routes.get(routeUrl);
  const operation = operationOfRoute(method, routeUrl);
  routes.set(routeUrl, operation);
  return operation;
}

function operationOfRoute(method: string, routeUrl: string): ApiOperation | undefined {
  const base = BASE_PATH_TO_INTERFACE.find(({ prefix }) => routeUrl.startsWith(`${prefix}/`));
  if (!base) return undefined;
  const path = routeUrl.slice(base.prefix.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return Object.freeze({ apiInterface: base.apiInterface, version: API_VERSION, method, path, key: `${method} ${path}` });
}
