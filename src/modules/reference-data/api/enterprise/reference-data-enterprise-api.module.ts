import { Module } from '@nestjs/common';
import { ReferenceDataModule } from '../../reference-data.module';
import { EnterpriseCountriesController } from './countries.controller';
import { EnterpriseCurrenciesController } from './currencies.controller';
import { EnterpriseCustomerSourceRecordsController } from './customer-source-records.controller';
import { EnterpriseCustomerSourcesController } from './customer-sources.controller';
import { EnterpriseLanguagesController } from './languages.controller';
import { EnterprisePartnersController } from './partners.controller';
import { EnterpriseStatusesController } from './statuses.controller';
import { EnterpriseStoreGroupsController } from './store-groups.controller';
import { EnterpriseStorePropertiesController } from './store-properties.controller';
import { EnterpriseStoresController } from './stores.controller';
import { EnterpriseConnectionTestController } from './tests.controller';

@Module({
  imports: [ReferenceDataModule],
  controllers: [EnterpriseCountriesController, EnterpriseLanguagesController, EnterpriseCurrenciesController, EnterpriseCustomerSourcesController, EnterpriseCustomerSourceRecordsController, EnterpriseStatusesController, EnterpriseStoreGroupsController, EnterpriseStorePropertiesController, EnterpriseConnectionTestController, EnterpriseStoresController, EnterprisePartnersController],
})
export class ReferenceDataEnterpriseApiModule {}
