import { Module } from '@nestjs/common';
import { CustomersApiSupportModule } from '../customers-api-support.module';
import { CustomerCustomerActionsController } from './customer-actions.controller';
import {
  CustomerAgreementsController,
  CustomerCustomerAddressTypesController,
  CustomerCustomerPropertiesController,
  CustomerCustomerRelationTypesController,
  CustomerCustomerTypesController,
  CustomerInterestsController,
} from './customer-definitions.controller';
import { CustomerPhotosController } from './customer-photos.controller';
import { CustomerCustomerRecordsController } from './customer-records.controller';
import { CustomerCustomersController } from './customers.controller';

@Module({
  imports: [CustomersApiSupportModule],
  controllers: [
    CustomerCustomerActionsController,
    CustomerCustomersController,
    CustomerCustomerRecordsController,
    CustomerCustomerPropertiesController,
    CustomerInterestsController,
    CustomerCustomerAddressTypesController,
    CustomerCustomerRelationTypesController,
    CustomerCustomerTypesController,
    CustomerAgreementsController,
    CustomerPhotosController,
  ],
})
export class CustomersCustomerApiModule {}
