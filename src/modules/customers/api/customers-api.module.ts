import { Module } from '@nestjs/common';
import { AgreementsController } from './agreements.controller';
import { CustomerActionsController } from './customer-actions.controller';
import { CustomerAddressTypesController } from './customer-address-types.controller';
import { CustomerPhotosController } from './customer-photos.controller';
import { CustomerPropertiesController } from './customer-properties.controller';
import { CustomerRecordsController } from './customer-records.controller';
import { CustomerRelationTypesController } from './customer-relation-types.controller';
import { CustomerTypesController } from './customer-types.controller';
import { CustomersApiSupportModule } from './customers-api-support.module';
import { CustomersController } from './customers.controller';
import { InterestsController } from './interests.controller';

@Module({
  imports: [CustomersApiSupportModule],
  controllers: [
    CustomerActionsController,
    CustomersController,
    CustomerRecordsController,
    CustomerPhotosController,
    CustomerPropertiesController,
    InterestsController,
    CustomerAddressTypesController,
    CustomerRelationTypesController,
    CustomerTypesController,
    AgreementsController,
  ],
})
export class CustomersApiModule {}
