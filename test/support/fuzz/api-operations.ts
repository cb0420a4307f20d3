import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ApiInterface,
  ApiOperation,
  apiOperationOf,
  INTERFACE_METADATA,
  PUBLIC_METADATA,
  REQUIRES_CUSTOMER_METADATA,
} from '../../../libs/http/src';

export type DtoClass = new (...args: never[]) => object;

/** One argument of a handler taken from the request: a whole body or query (a DTO), or one named value of it. */
export interface RequestArgument {
  /** The DTO class of a whole body or query; undefined when the handler reads one named value. */
  dto?: DtoClass;
  /** The name given to `@Body('x')` or `@Query('x')`. */
  name?: string;
}

/** An operation the running application serves, with the request arguments its handler declares. */
export interface ServedOperation extends ApiOperation {
  /** Fastify's URL template, with the interface prefix (`/webservice/.../stores/:store_id`). */
  routeUrl: string;
  /** Path parameter names in the order they appear. */
  params: string[];
  isPublic: boolean;
  requiresCustomer: boolean;
  body: RequestArgument[];
  query: RequestArgument[];
  /** The path parameters the handler reads with `@Param('x')` (held to the input limits by the validation pipe). */
  pathArguments: string[];
}

type HandlerArguments = Pick<ServedOperation, 'isPublic' | 'requiresCustomer' | 'body' | 'query' | 'pathArguments'>;

const PRIMITIVES: unknown[] = [String, Number, Boolean, Object, Array, Buffer, Date];

function requestArguments(controller: Function, handlerName: string, kind: RouteParamtypes): RequestArgument[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handlerName) ?? []) as unknown[];
  return Object.entries(args)
    .filter(([key]) => key.split(':')[0] === String(kind))
    .map(([, arg]) => {
      const type = types[arg.index];
      if (typeof arg.data === 'string') return { name: arg.data };
      return typeof type === 'function' && !PRIMITIVES.includes(type) ? { dto: type as DtoClass } : {};
    });
}

const joinPath = (...parts: string[]) => '/' + parts.flatMap((part) => part.split('/')).filter(Boolean).join('/');

/** What each handler of the interface controllers declares, keyed `interface METHOD /path/{param}` below the interface base path. */
function handlerArgumentsByOperation(app: NestFastifyApplication): Map<string, HandlerArguments> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const found = new Map<string, HandlerArguments>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      const apiInterface = controller && reflector.get<ApiInterface | undefined>(INTERFACE_METADATA, controller);
      if (!controller || !apiInterface) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name] as () => unknown;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (methodPaths === undefined || requestMethod === undefined) continue;
        const targets = [handler, controller];
        const declared: HandlerArguments = {
          isPublic: reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets) ?? false,
          requiresCustomer: reflector.getAllAndOverride<boolean>(REQUIRES_CUSTOMER_METADATA, targets) ?? false,
          body: requestArguments(controller, name, RouteParamtypes.BODY),
          query: requestArguments(controller, name, RouteParamtypes.QUERY),
          pathArguments: requestArguments(controller, name, RouteParamtypes.PARAM).flatMap((arg) => (arg.name ? [arg.name] : [])),
        };
        for (const controllerPath of controllerPaths) {
          for (const methodPath of [methodPaths].flat()) {
            const path = joinPath(controllerPath, methodPath).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
            found.set(`${apiInterface} ${RequestMethod[requestMethod]} ${path}`, declared);
          }
        }
      }
    }
  }
  return found;
}

/**
 * Every API operation of both interfaces from Fastify's route table (what the server really serves),
 * joined with its handler's declared arguments. A served route without a handler found is an error,
 * so no operation can slip past a test built on this list.
 */
export function servedOperations(app: NestFastifyApplication): ServedOperation[] {
  const declared = handlerArgumentsByOperation(app);
  const seen = new Set<string>();
  const operations: ServedOperation[] = [];
  for (const { url, method } of app.getHttpAdapter().getInstance().apiRoutes.registered()) {
    const operation = apiOperationOf(method, url);
    if (!operation) continue;
    const id = `${operation.apiInterface} ${operation.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const handler = declared.get(id);
    if (!handler) throw new Error(`No handler found for the served route ${id}`);
    const params = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    operations.push({ ...operation, routeUrl: url, params, ...handler });
  }
  return operations.sort((a, b) => `${a.apiInterface} ${a.key}`.localeCompare(`${b.apiInterface} ${b.key}`));
}
