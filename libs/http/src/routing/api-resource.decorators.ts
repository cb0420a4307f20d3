import { Controller, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiInterface, INTERFACE_BASE_PATHS } from './api-interface';

export const OFFERED_BY_METADATA = 'tessera:offered-by';

/** The interfaces that offer an operation: both, or the only one that has it. */
export type OfferedBy = 'both' | ApiInterface;

/**
 * Declares which interfaces offer the handler's operation. Every handler of an `@ApiResource`
 * controller must say it: the handler's route is registered under those interfaces' base paths only,
 * so the other interface answers as for an operation it does not have.
 */
export const Offers = (offeredBy: OfferedBy) =>
  SetMetadata(OFFERED_BY_METADATA, offeredBy === 'both' ? [ApiInterface.Enterprise, ApiInterface.Customer] : [offeredBy]);

const joinPath = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * A controller for one resource of the API, serving both interfaces (`@ApiResource('stores')`).
 * Each handler's path is prefixed with the base path of every interface its `@Offers` names; a
 * handler without `@Offers` stops the application from loading, so none is offered by default.
 * Which interface a request came through follows from the matched route's prefix.
 */
export function ApiResource(resource: string): ClassDecorator {
  return (target) => {
    const prototype = target.prototype as Record<string, unknown>;
    // Inherited handlers would keep their bare paths and be served outside both interfaces.
    if (Object.getPrototypeOf(prototype) !== Object.prototype)
      throw new Error(`${target.name}: an @ApiResource controller extends no class`);
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as object | undefined;
      if (typeof handler !== 'function') continue;
      const offeredBy = Reflect.getMetadata(OFFERED_BY_METADATA, handler) as ApiInterface[] | undefined;
      const isRoute = Reflect.getMetadata(METHOD_METADATA, handler) !== undefined;
      if (!isRoute && !offeredBy) continue;
      if (!isRoute) throw new Error(`${target.name}.${name} has @Offers but no route decorator`);
      if (!offeredBy) throw new Error(`${target.name}.${name} does not say which interfaces offer it: add @Offers(...)`);
      const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
      const routed = offeredBy.flatMap((apiInterface) => paths.map((path) => joinPath(INTERFACE_BASE_PATHS[apiInterface], resource, path)));
      Reflect.defineMetadata(PATH_METADATA, routed, handler);
    }
    Controller()(target);
    ApiBearerAuth()(target);
  };
}
