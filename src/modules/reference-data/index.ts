/** What other contexts may use of reference data: countries, languages, currencies, partners, stores, statuses, customer sources. */
export { ReferenceDataModule } from './reference-data.module';
export { ReferenceDataSetupService } from './reference-data-setup.service';
export { CountryService } from './country.service';
export { CurrencyService, type CurrencyRef } from './currency.service';
export { ChannelCode, CommunicationChannelService, type CommunicationChannelRef } from './communication-channel.service';
export { CustomerSourceService } from './customer-source.service';
export { CustomerSourceDefinitionRepository } from './customer-source-definition.repository';
export {
  CustomerSourceDefinitionDto,
  CustomerSourceDefinitionListResponseDto,
  CustomerSourceDefinitionResponseDto,
  CustomerSourceDefinitionViewDto as CustomerSourceDefinitionView,
} from './dto/customer-source-definition.dto';
export { LanguageService } from './language.service';
export { PartnerService } from './partner.service';
export { StoreService } from './store.service';
export { CallerPartnersService } from './caller-partners.service';
export { StoreDto } from './dto/store.dto';
export { storeOfJson, toStoreDto, type StoreJson } from './store.mapper';
export { StatusService, StatusQualification } from './status.service';
export type { StatusEntity } from './entities/status.entity';
export {
  PROPERTY_DATA_TYPES,
  TIMED_PROPERTY_DATA_TYPES,
  validatePropertyValue,
  validateTimedPropertyValue,
  type PropertyDataType,
  type TimedPropertyDataType,
  type PropertyValue,
  type PropertyValueResult,
} from './property-value';
export {
  PROPERTY_SORT_FIELDS,
  PropertyCatalogue,
  type PropertyCatalogueTables,
  type PropertyDefinition,
  type PropertyRow,
  ALL_PROPERTY_SORT_FIELDS,
  PROPERTY_STATE,
  propertyDefinitionProblems,
  type PropertyDefinitionRules,
  type AnyPropertySortField,
  type PropertyItemRow,
} from './property-catalogue';
export {
  assertUniquePropertyValues,
  checkPropertyRecords,
  collectPropertyRecords,
  type CheckedPropertyValue,
  type PropertyRecordInput,
  type PropertyRecordRules,
  type PropertyRecordStore,
} from './property-records';
export { PropertyDto, PropertyResponseDto } from './dto/property.dto';
export { toPropertyDto } from './catalogue.mapper';
export { PartnerPropertyService } from './partner-property.service';
export { EngagementSetupService, EngagementSetupState } from './engagement-setup.service';
export { EngagementSetupDefinitionRepository } from './engagement-setup-definition.repository';
export {
  EngagementSetupDefinitionDto,
  EngagementSetupDefinitionViewDto as EngagementSetupDefinitionView,
} from './dto/engagement-setup-definition.dto';
export { CommunicationChannelDefinitionRepository } from './communication-channel-definition.repository';
export {
  CommunicationChannelDefinitionDto,
  CommunicationChannelDefinitionViewDto as CommunicationChannelDefinitionView,
} from './dto/communication-channel-definition.dto';
export { PropertyCatalogueDefinitionRepository } from './property-catalogue-definition.repository';
export {
  PropertyCatalogueDefinitionDto,
  PropertyCatalogueDefinitionViewDto as PropertyCatalogueDefinitionView,
} from './dto/property-catalogue-definition.dto';
export { propertyCatalogueOperatorController } from './api/property-catalogue-operator.controller';
export { PartnerPropertyDefinitionRepository } from './partner-property-definition.repository';
export { StorePropertyDefinitionRepository } from './store-property-definition.repository';
export { StoreDefinitionRepository } from './store-definition.repository';
export { StoreDefinitionDto, StoreDefinitionViewDto as StoreDefinitionView } from './dto/store-definition.dto';
export { StoreGroupDefinitionRepository } from './store-group-definition.repository';
export { StoreGroupDefinitionDto, StoreGroupDefinitionViewDto as StoreGroupDefinitionView } from './dto/store-group-definition.dto';
export { PartnerDefinitionRepository } from './partner-definition.repository';
export { PartnerDefinitionDto, PartnerDefinitionViewDto as PartnerDefinitionView } from './dto/partner-definition.dto';
