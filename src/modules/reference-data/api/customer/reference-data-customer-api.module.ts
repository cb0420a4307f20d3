import { Module } from '@nestjs/common';
import { ReferenceDataModule } from '../../reference-data.module';
import { CustomerCountriesController } from './countries.controller';
import { CustomerCurrenciesController } from './currencies.controller';
import { CustomerCustomerSourceRecordsController } from './customer-source-records.controller';
import { CustomerCustomerSourcesController } from './customer-sources.controller';
import { CustomerLanguagesController } from './languages.controller';
import { CustomerPartnersController } from './partners.controller';
import { CustomerStatusesController } from './statuses.controller';
import { CustomerStoreGroupsController } from './store-groups.controller';
import { CustomerStorePropertiesController } from './store-properties.controller';
import { CustomerStoresController } from './stores.controller';
import { CustomerConnectionTestController } from './tests.controller';

@Module({
  imports: [ReferenceDataModule],
  controllers: [CustomerCountriesController, CustomerLanguagesController, CustomerCurrenciesController, CustomerCustomerSourcesController, CustomerCustomerSourceRecordsController, CustomerStatusesController, CustomerStoreGroupsController, CustomerStorePropertiesController, CustomerConnectionTestController, CustomerStoresController, CustomerPartnersController],
})
export class ReferenceDataCustomerApiModule {}
