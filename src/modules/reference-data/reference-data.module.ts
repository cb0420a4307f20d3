import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CallerPartnersService } from './caller-partners.service';
import { CommunicationChannelService } from './communication-channel.service';
import { CountryService } from './country.service';
import { CurrencyService } from './currency.service';
import { CustomerSourceDefinitionRepository } from './customer-source-definition.repository';
import { CustomerSourceService } from './customer-source.service';
import { CommunicationChannelEntity } from './entities/communication-channel.entity';
import { CountryNameEntity } from './entities/country-name.entity';
import { CountryEntity } from './entities/country.entity';
import { CurrencyEntity } from './entities/currency.entity';
import { CustomerSourceRecordEntity } from './entities/customer-source-record.entity';
import { CustomerSourceEntity } from './entities/customer-source.entity';
import { LanguageEntity } from './entities/language.entity';
import { PartnerPropertyEntity, PartnerPropertyRecordEntity } from './entities/partner-property.entity';
import { PartnerEntity } from './entities/partner.entity';
import { StatusQualificationTurnoverEntity } from './entities/status-qualification-turnover.entity';
import { StatusEntity } from './entities/status.entity';
import { StoreGroupRecordEntity } from './entities/store-group-record.entity';
import { StoreGroupEntity } from './entities/store-group.entity';
import { StorePropertyItemEntity } from './entities/store-property-item.entity';
import { StorePropertyRecordEntity } from './entities/store-property-record.entity';
import { StorePropertyEntity } from './entities/store-property.entity';
import { StoreEntity } from './entities/store.entity';
import { LanguageService } from './language.service';
import { PartnerService } from './partner.service';
import { PartnerPropertyService } from './partner-property.service';
import { EngagementSetupService } from './engagement-setup.service';
import { CustomerEngagementSetupEntity } from './entities/customer-engagement-setup.entity';
import { ReferenceDataSetupService } from './reference-data-setup.service';
import { StatusService } from './status.service';
import { StoreGroupService } from './store-group.service';
import { StorePropertyService } from './store-property.service';
import { StoreService } from './store.service';
import { PartnerDefinitionRepository } from './partner-definition.repository';
import { CommunicationChannelDefinitionRepository } from './communication-channel-definition.repository';
import { EngagementSetupDefinitionRepository } from './engagement-setup-definition.repository';
import { StoreDefinitionRepository } from './store-definition.repository';
import { StoreGroupDefinitionRepository } from './store-group-definition.repository';
import { PartnerPropertyDefinitionRepository } from './partner-property-definition.repository';
import { StorePropertyCatalogue } from './store-property-catalogue.service';
import { StorePropertyDefinitionRepository } from './store-property-definition.repository';

const SERVICES = [
  CountryService,
  LanguageService,
  CurrencyService,
  CustomerSourceService,
  CustomerSourceDefinitionRepository,
  StatusService,
  StoreService,
  StoreGroupService,
  StorePropertyService,
  PartnerService,
  ReferenceDataSetupService,
  CallerPartnersService,
  CommunicationChannelService,
  PartnerPropertyService,
  EngagementSetupService,
  StoreDefinitionRepository,
  StoreGroupDefinitionRepository,
  PartnerDefinitionRepository,
  CommunicationChannelDefinitionRepository,
  EngagementSetupDefinitionRepository,
  StorePropertyCatalogue,
  PartnerPropertyDefinitionRepository,
  StorePropertyDefinitionRepository,
];

@Module({
  imports: [
    TypeOrmModule.forFeature([
      CountryEntity,
      CountryNameEntity,
      LanguageEntity,
      CurrencyEntity,
      PartnerEntity,
      PartnerPropertyEntity,
      PartnerPropertyRecordEntity,
      StoreEntity,
      StoreGroupEntity,
      StoreGroupRecordEntity,
      StorePropertyEntity,
      StorePropertyItemEntity,
      StorePropertyRecordEntity,
      CustomerSourceEntity,
      CustomerSourceRecordEntity,
      StatusEntity,
      StatusQualificationTurnoverEntity,
      CommunicationChannelEntity,
      CustomerEngagementSetupEntity,
    ]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class ReferenceDataModule {}
