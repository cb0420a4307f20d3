import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import {
  AgreementsRoutes,
  CustomerAddressTypesRoutes,
  CustomerPropertiesRoutes,
  CustomerRelationTypesRoutes,
  CustomerTypesRoutes,
  InterestsRoutes,
} from '../customer-definitions.routes';

@EnterpriseApi()
@Controller('customer-properties')
export class EnterpriseCustomerPropertiesController extends CustomerPropertiesRoutes {}

@EnterpriseApi()
@Controller('interests')
export class EnterpriseInterestsController extends InterestsRoutes {}

@EnterpriseApi()
@Controller('customer-address-types')
export class EnterpriseCustomerAddressTypesController extends CustomerAddressTypesRoutes {}

@EnterpriseApi()
@Controller('customer-relation-types')
export class EnterpriseCustomerRelationTypesController extends CustomerRelationTypesRoutes {}

@EnterpriseApi()
@Controller('customer-types')
export class EnterpriseCustomerTypesController extends CustomerTypesRoutes {}

@EnterpriseApi()
@Controller('agreements')
export class EnterpriseAgreementsController extends AgreementsRoutes {}
