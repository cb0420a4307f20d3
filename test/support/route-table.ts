import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { getMetadataStorage } from 'class-validator';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ApiInterface,
  ApiOperation,
  apiOperationOf,
  INTERFACE_METADATA,
  PUBLIC_METADATA,
  REQUIRES_CUSTOMER_METADATA,
} from '../../libs/http/src';

/** One operation the running application serves, with what its handler declares about access. */
export interface ApiRoute extends ApiOperation {
  /** Path parameter names in the order they appear. */
  params: string[];
  /** Needs no token. */
  isPublic: boolean;
  /** On the Customer interface, needs a logged-in customer before the handler runs. */
  requiresCustomer: boolean;
  /** Top-level fields of the body DTO (empty when the handler takes no validated body). */
  bodyFields: string[];
  /** Parameters of the query DTO. */
  queryFields: string[];
}

type HandlerFacts = Pick<ApiRoute, 'isPublic' | 'requiresCustomer' | 'bodyFields' | 'queryFields'>;

/** The properties class-validator knows for a DTO class: what the validation pipe accepts. */
function dtoFields(dto: unknown): string[] {
  if (typeof dto !== 'function') return [];
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(dto, '', true, false)
    .map((rule) => rule.propertyName);
  return [...new Set(names)];
}

/** The DTO fields of the handler's whole-body and whole-query arguments. */
function argumentFields(controller: Function, name: string): Pick<HandlerFacts, 'bodyFields' | 'queryFields'> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
  const fieldsOf = (kind: RouteParamtypes) =>
    Object.entries(args)
      .filter(([key, arg]) => key.split(':')[0] === String(kind) && arg.data === undefined)
      .flatMap(([, arg]) => dtoFields(types[arg.index]));
  return { bodyFields: fieldsOf(RouteParamtypes.BODY), queryFields: fieldsOf(RouteParamtypes.QUERY) };
}

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * What every handler of a controller marked with an interface declares (access, body and query DTOs), keyed as `interface METHOD /path/{param}`
 * relative to the interface's base path (the router module adds that prefix).
 */
function handlerFactsByOperation(app: NestFastifyApplication): Map<string, HandlerFacts> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const access = new Map<string, HandlerFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller) continue;
      const apiInterface = reflector.get<ApiInterface | undefined>(INTERFACE_METADATA, controller);
      if (!apiInterface) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name] as () => unknown;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (methodPaths === undefined || requestMethod === undefined) continue;
        const targets = [handler, controller];
        const handlerFacts: HandlerFacts = {
          isPublic: reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets) ?? false,
          requiresCustomer: reflector.getAllAndOverride<boolean>(REQUIRES_CUSTOMER_METADATA, targets) ?? false,
          ...argumentFields(controller, name),
        };
        for (const controllerPath of controllerPaths) {
          for (const methodPath of [methodPaths].flat()) {
            const path = joinPath(controllerPath, methodPath).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
            access.set(`${apiInterface} ${RequestMethod[requestMethod]} ${path}`, handlerFacts);
          }
        }
      }
    }
  }
  return access;
}

/**
 * The API operations of both interfaces as Fastify registered them (its route table, not a list kept
 * by hand), each joined with what its handler declares. A registered route whose handler cannot be
 * found is an error, so no route escapes the callers of a test built on this list.
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
    if (!handlerFacts) throw new Error(`no handler metadata found for the registered route ${id}`);
    const params = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    routes.push({ ...operation, params, ...handlerFacts });
  }
  return routes;
}
