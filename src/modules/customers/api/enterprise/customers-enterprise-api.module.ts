import { Module } from '@nestjs/common';
import { CustomersApiSupportModule } from '../customers-api-support.module';
import { EnterpriseCustomerActionsController } from './customer-actions.controller';
import {
  EnterpriseAgreementsController,
  EnterpriseCustomerAddressTypesController,
  EnterpriseCustomerPropertiesController,
  EnterpriseCustomerRelationTypesController,
  EnterpriseCustomerTypesController,
  EnterpriseInterestsController,
} from './customer-definitions.controller';
import { EnterpriseCustomerRecordsController } from './customer-records.controller';
import { EnterpriseCustomersController } from './customers.controller';

@Module({
  imports: [CustomersApiSupportModule],
  controllers: [
    // Actions first: their static paths must not be read as a customer id.
    EnterpriseCustomerActionsController,
    EnterpriseCustomersController,
    EnterpriseCustomerRecordsController,
    EnterpriseCustomerPropertiesController,
    EnterpriseInterestsController,
    EnterpriseCustomerAddressTypesController,
    EnterpriseCustomerRelationTypesController,
    EnterpriseCustomerTypesController,
    EnterpriseAgreementsController,
  ],
})
export class CustomersEnterpriseApiModule {}
