import { Module, Type } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { ApiInterface, INTERFACE_BASE_PATHS } from '../../libs/http/src';
import { AuthApiModule } from '../modules/auth/api/auth-api.module';
import { CatalogueApiModule } from '../modules/catalogue/api/catalogue-api.module';
import { LoyaltyApiModule } from '../modules/loyalty/api/loyalty-api.module';
import { RewardsApiModule } from '../modules/loyalty/rewards/api/rewards-api.module';
import { CustomersApiModule } from '../modules/customers/api/customers-api.module';
import { EventsApiModule } from '../modules/events/api/events-api.module';
import { PurchasesApiModule } from '../modules/purchases/api/purchases-api.module';
import { PurchaseDefinitionsApiModule } from '../modules/purchases/definitions/api/purchase-definitions-api.module';
import { ReferenceDataApiModule } from '../modules/reference-data/api/reference-data-api.module';
import { SegmentsApiModule } from '../modules/segments/api/segments-api.module';

/**
 * Each context's API module whose controllers serve both interfaces: every handler is routed under
 * the base paths of the interfaces its `@Offers` names, so these modules are mounted as they are.
 */
export const API_MODULES: Type[] = [ReferenceDataApiModule, PurchaseDefinitionsApiModule, EventsApiModule, PurchasesApiModule, LoyaltyApiModule, SegmentsApiModule, RewardsApiModule, CatalogueApiModule, CustomersApiModule, AuthApiModule];

/** Each context's controllers for one interface (contexts not yet on `@ApiResource`), mounted under that interface's versioned base path. */
export const INTERFACE_API_MODULES = {
  [ApiInterface.Enterprise]: [],
  [ApiInterface.Customer]: [],
};

@Module({
  imports: [
    ...API_MODULES,
    ...INTERFACE_API_MODULES[ApiInterface.Enterprise],
    ...INTERFACE_API_MODULES[ApiInterface.Customer],
    RouterModule.register([
      ...INTERFACE_API_MODULES[ApiInterface.Enterprise].map((module) => ({
        path: INTERFACE_BASE_PATHS[ApiInterface.Enterprise],
        module,
      })),
      ...INTERFACE_API_MODULES[ApiInterface.Customer].map((module) => ({
        path: INTERFACE_BASE_PATHS[ApiInterface.Customer],
        module,
      })),
    ]),
  ],
})
export class InterfaceRoutesModule {}
