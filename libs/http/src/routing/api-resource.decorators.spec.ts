import { Get, Post } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ApiInterface } from './api-interface';
import { ApiResource, Offers } from './api-resource.decorators';

/** A handler function as Nest keeps its metadata: on the function itself, read off the prototype. */
function handlerOf(controller: { prototype: object }, name: string): object {
  return Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as object;
}

describe('ApiResource', () => {
  it("routes each handler under the base paths of the interfaces it offers, below the controller's root", () => {
    @ApiResource('stores')
    class StoresController {
      @Get(':store_id')
      @Offers('both')
      get() {}

      @Post()
      @Offers(ApiInterface.Enterprise)
      create() {}
    }
    expect(Reflect.getMetadata(PATH_METADATA, StoresController)).toBe('/');
    expect(Reflect.getMetadata(PATH_METADATA, handlerOf(StoresController, 'get'))).toEqual([
      'webservice/rest-api/enterprise-interface/v1.0/stores/:store_id',
      'webservice/rest-api/customer-interface/v1.0/stores/:store_id',
    ]);
    expect(Reflect.getMetadata(PATH_METADATA, handlerOf(StoresController, 'create'))).toEqual([
      'webservice/rest-api/enterprise-interface/v1.0/stores',
    ]);
  });

  it('refuses a handler that does not say which interfaces offer it', () => {
    expect(() => {
      @ApiResource('stores')
      class StoresController {
        @Get()
        list() {}
      }
      return StoresController;
    }).toThrow('StoresController.list does not say which interfaces offer it');
  });

  it('refuses a controller that inherits its handlers', () => {
    class StoresRoutes {
      @Get()
      @Offers('both')
      list() {}
    }
    expect(() => {
      @ApiResource('stores')
      class StoresController extends StoresRoutes {}
      return StoresController;
    }).toThrow('StoresController: an @ApiResource controller extends no class');
  });
});
