import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getMetadataStorage } from 'class-validator';
import {
  ApiInterface,
  ApiOperation,
  apiOperationOf,
  INTERFACE_BASE_PATHS,
  OPERATOR_BASE_PATH,
  OPERATOR_PUBLIC,
  OperatorAccessRule,
  operatorRouteOf,
  PUBLIC_METADATA,
  REQUIRES_CUSTOMER_METADATA,
} from '@tessera/http';

export type DtoClass = new (...args: never[]) => object;

/** One argument of a handler taken from the request: a whole body or query (a DTO), or one named value of it. */
export interface RequestArgument {
  /** The DTO class of a whole body or query; undefined when the handler reads one named value. */
  dto?: DtoClass;
  /** The name given to `@Body('x')` or `@Query('x')`. */
  name?: string;
}

/** One operation the running application serves, with what its handler declares about access and input. */
export interface ApiRoute extends ApiOperation {
  /** Fastify's URL template, with the interface prefix (`/webservice/.../stores/:store_id`). */
  routeUrl: string;
  /** Path parameter names in the order they appear. */
  params: string[];
  /** Needs no token. */
  isPublic: boolean;
  /** On the Customer interface, needs a logged-in customer before the handler runs. */
  requiresCustomer: boolean;
  body: RequestArgument[];
  query: RequestArgument[];
  /** Top-level fields of the body DTO (empty when the handler takes no validated body). */
  bodyFields: string[];
  /** Parameters of the query DTO. */
  queryFields: string[];
  /** The path parameters the handler reads with `@Param('x')` (held to the input limits by the validation pipe). */
  pathArguments: string[];
  /** The status of a success: the handler's `@HttpCode`, else Nest's own (201 for a POST, 200 otherwise). */
  successStatus: number;
}

type HandlerFacts = Omit<ApiRoute, keyof ApiOperation | 'routeUrl' | 'params'>;

/** Where a route is served: one of the contract's two interfaces, or the operator API. */
export type RouteSurface = ApiInterface | 'operator';
export const SURFACE_BASE_PATHS: Record<RouteSurface, string> = { ...INTERFACE_BASE_PATHS, operator: OPERATOR_BASE_PATH };

/** A route of any surface, as the fuzz run sends requests to it. */
export interface SurfaceRoute extends Omit<ApiRoute, 'apiInterface'> {
  apiInterface: RouteSurface;
}

/** An operator API route with the access rule its handler declared. */
export interface OperatorRoute extends SurfaceRoute {
  apiInterface: 'operator';
  access: OperatorAccessRule;
}

const PRIMITIVES: unknown[] = [String, Number, Boolean, Object, Array, Buffer, Date];

function requestArguments(controller: new (...args: never[]) => unknown, handlerName: string, kind: RouteParamtypes): RequestArgument[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handlerName) ?? []) as unknown[];
  return Object.entries(args)
    .filter(([key]) => key.split(':')[0] === String(kind))
    .map(([, arg]) => {
      const type = types[arg.index];
      if (typeof arg.data === 'string') return { name: arg.data };
      return typeof type === 'function' && !PRIMITIVES.includes(type) ? { dto: type as DtoClass } : {};
    });
}

/** The properties class-validator knows for the whole-body or whole-query DTOs: what the validation pipe accepts. */
function dtoFields(args: RequestArgument[]): string[] {
  const names = args
    .flatMap((arg) => (arg.dto ? getMetadataStorage().getTargetValidationMetadatas(arg.dto, '', true, false) : []))
    .map((rule) => rule.propertyName);
  return [...new Set(names)];
}

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * What every API handler declares (access, body, query and path arguments), keyed `interface METHOD /path/{param}`.
 * An `@ApiResource` handler's paths carry the base path of each interface its `@Offers` names.
 */
function handlerFactsByOperation(app: NestFastifyApplication): Map<string, HandlerFacts> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const found = new Map<string, HandlerFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name] as () => unknown;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (methodPaths === undefined || requestMethod === undefined) continue;
        const targets = [handler, controller];
        const body = requestArguments(controller, name, RouteParamtypes.BODY);
        const query = requestArguments(controller, name, RouteParamtypes.QUERY);
        const facts: HandlerFacts = {
          isPublic: reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets) ?? false,
          requiresCustomer: reflector.getAllAndOverride<boolean>(REQUIRES_CUSTOMER_METADATA, targets) ?? false,
          body,
          query,
          bodyFields: dtoFields(body),
          queryFields: dtoFields(query),
          pathArguments: requestArguments(controller, name, RouteParamtypes.PARAM).flatMap((arg) => (arg.name ? [arg.name] : [])),
          successStatus:
            (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (requestMethod === RequestMethod.POST ? 201 : 200),
        };
        for (const controllerPath of controllerPaths) {
          for (const methodPath of [methodPaths].flat()) {
            const routeUrl = joinPath(controllerPath, methodPath).replace(/\{([^}]+)\}/g, ':$1');
            const operation = apiOperationOf(RequestMethod[requestMethod], routeUrl);
            if (operation) found.set(`${operation.apiInterface} ${operation.key}`, facts);
            const operatorRoute = operatorRouteOf(RequestMethod[requestMethod], routeUrl);
            if (operatorRoute) found.set(`operator ${operatorRoute.key}`, { ...facts, isPublic: operatorRoute.access === OPERATOR_PUBLIC });
          }
        }
      }
    }
  }
  return found;
}

/**
 * Every API operation of both interfaces from Fastify's route table (what the server really serves,
 * not a list kept by hand), joined with what its handler declares, sorted by interface and key. A
 * served route whose handler cannot be found is an error, so no operation escapes a test built on this list.
 */
export function registeredApiRoutes(app: NestFastifyApplication): ApiRoute[] {
  const facts = handlerFactsByOperation(app);
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const { url, method } of app.getHttpAdapter().getInstance().apiRoutes.registered()) {
    const operation = apiOperationOf(method, url);
    if (!operation) continue;
    const id = `${operation.apiInterface} ${operation.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const handlerFacts = facts.get(id);
    if (!handlerFacts) throw new Error(`no handler found for the registered route ${id}`);
    const params = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    routes.push({ ...operation, routeUrl: url, params, ...handlerFacts });
  }
  return routes.sort((a, b) => `${a.apiInterface} ${a.key}`.localeCompare(`${b.apiInterface} ${b.key}`));
}

/**
 * Every operator API route from Fastify's route table, joined with what its handler declares (input
 * DTOs, the permission it needs), sorted by key: a route added later joins every test built on this list.
 */
export function registeredOperatorRoutes(app: NestFastifyApplication): OperatorRoute[] {
  const facts = handlerFactsByOperation(app);
  const routes = new Map<string, OperatorRoute>();
  for (const { url, method } of app.getHttpAdapter().getInstance().apiRoutes.registered()) {
    const route = operatorRouteOf(method, url);
    if (!route || routes.has(route.key)) continue;
    const handlerFacts = facts.get(`operator ${route.key}`);
    if (!handlerFacts) throw new Error(`no handler found for the registered operator route ${route.key}`);
    const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    routes.set(route.key, {
      apiInterface: 'operator',
      version: 'v1',
      method,
      path: route.path,
      key: route.key,
      access: route.access,
      routeUrl: url,
      params,
      ...handlerFacts,
    });
  }
  return [...routes.values()].sort((a, b) => a.key.localeCompare(b.key));
}
