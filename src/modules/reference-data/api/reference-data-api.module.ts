import { Module } from '@nestjs/common';
import { ReferenceDataModule } from '../reference-data.module';
import { CommunicationChannelsController } from './communication-channels.controller';
import { ConnectionTestsController } from './connection-tests.controller';
import { CountriesController } from './countries.controller';
import { CurrenciesController } from './currencies.controller';
import { CustomerSourceRecordsController } from './customer-source-records.controller';
import { CustomerSourcesController } from './customer-sources.controller';
import { LanguagesController } from './languages.controller';
import { PartnersController } from './partners.controller';
import { StatusesController } from './statuses.controller';
import { StoreGroupsController } from './store-groups.controller';
import { StorePropertiesController } from './store-properties.controller';
import { StoresController } from './stores.controller';
import { PartnerPropertiesController } from './partner-properties.controller';
import { CustomerEngagementSetupsController } from './customer-engagement-setups.controller';

@Module({
  imports: [ReferenceDataModule],
  controllers: [
    CountriesController,
    LanguagesController,
    CurrenciesController,
    CustomerSourcesController,
    CustomerSourceRecordsController,
    StatusesController,
    StoreGroupsController,
    StorePropertiesController,
    ConnectionTestsController,
    StoresController,
    PartnersController,
    CommunicationChannelsController,
    PartnerPropertiesController,
    CustomerEngagementSetupsController,
  ],
})
export class ReferenceDataApiModule {}
