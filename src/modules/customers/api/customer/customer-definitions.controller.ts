import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import {
  AgreementsRoutes,
  CustomerAddressTypesRoutes,
  CustomerPropertiesRoutes,
  CustomerRelationTypesRoutes,
  CustomerTypesRoutes,
  InterestsRoutes,
} from '../customer-definitions.routes';

@CustomerApi()
@Controller('customer-properties')
export class CustomerCustomerPropertiesController extends CustomerPropertiesRoutes {}

@CustomerApi()
@Controller('interests')
export class CustomerInterestsController extends InterestsRoutes {}

@CustomerApi()
@Controller('customer-address-types')
export class CustomerCustomerAddressTypesController extends CustomerAddressTypesRoutes {}

@CustomerApi()
@Controller('customer-relation-types')
export class CustomerCustomerRelationTypesController extends CustomerRelationTypesRoutes {}

@CustomerApi()
@Controller('customer-types')
export class CustomerCustomerTypesController extends CustomerTypesRoutes {}

@CustomerApi()
@Controller('agreements')
export class CustomerAgreementsController extends AgreementsRoutes {}
