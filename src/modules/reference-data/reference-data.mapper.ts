import { formatDateTime } from '@tessera/http';
import { LocalizedCountry } from './country.service';
import {
  CountryDto,
  CurrencyDto,
  CustomerSourceDto,
  CustomerSourceRecordDto,
  LanguageDto,
  StatusDto,
  StoreGroupDto,
  StorePropertyDto,
} from './dto/reference-data.dto';
import { CurrencyEntity } from './entities/currency.entity';
import { CustomerSourceRecordEntity } from './entities/customer-source-record.entity';
import { CustomerSourceEntity } from './entities/customer-source.entity';
import { LanguageEntity } from './entities/language.entity';
import { StatusEntity } from './entities/status.entity';
import { StoreGroupEntity } from './entities/store-group.entity';
import { StorePropertyEntity } from './entities/store-property.entity';

export function toCountryDto({ country, name }: LocalizedCountry): CountryDto {
  return { country_id: country.id, name, state: country.state };
}

export function toLanguageDto(language: LanguageEntity, timeZone: string): LanguageDto {
  return { language_id: language.id, state: language.state, last_change: formatDateTime(language.lastChange, timeZone) };
}

export function toCurrencyDto(currency: CurrencyEntity): CurrencyDto {
  return { currency_id: currency.id, name: currency.name, code: currency.code };
}

export function toCustomerSourceDto(source: CustomerSourceEntity, timeZone: string): CustomerSourceDto {
  return {
    customer_source_id: source.id,
    name: source.name,
    customer_source_text_id: source.textId,
    state: source.state,
    last_change: formatDateTime(source.lastChange, timeZone),
  };
}

export function toCustomerSourceRecordDto(record: CustomerSourceRecordEntity, timeZone: string): CustomerSourceRecordDto {
  return {
    customer_source_record_id: record.id,
    customer_source_id: record.customerSourceId,
    customer_id: record.customerId,
    external_id: record.externalId,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toStatusDto(status: StatusEntity, timeZone: string): StatusDto {
  return {
    status_id: status.id,
    name: status.name,
    description: status.description,
    qualification_period: status.qualificationPeriod,
    qualification_turnover: [...(status.turnovers ?? [])]
      .sort((a, b) => a.currencyId.localeCompare(b.currencyId))
      .map((turnover) => ({ currency_id: turnover.currencyId, value: Number(turnover.value), due_date: turnover.dueDate })),
    qualification_points: status.qualificationPoints === null ? null : Number(status.qualificationPoints),
    previous_status: status.previousStatusId,
    next_status: status.nextStatusId,
    validity_period: status.validityPeriod,
    collection_points: status.collectionPoints,
    payment_points: status.paymentPoints,
    qualification_type: status.qualificationType,
    discount: status.discount,
    overall_discount_on_discounted_purchase_items: status.overallDiscountOnDiscountedPurchaseItems,
    text_id: status.textId,
    last_change: formatDateTime(status.lastChange, timeZone),
  };
}

export function toStoreGroupDto(group: StoreGroupEntity, timeZone: string): StoreGroupDto {
  return { store_group_id: group.id, name: group.name, last_change: formatDateTime(group.lastChange, timeZone) };
}

export function toStorePropertyDto(property: StorePropertyEntity, timeZone: string): StorePropertyDto {
  return {
    property_id: property.id,
    name: property.name,
    data_type: property.dataType,
    items: [...(property.items ?? [])]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((item) => ({ id: item.id, name: item.name, resource_record_id: item.resourceRecordId, state: item.state })),
    is_required: property.isRequired,
    is_unique: property.isUnique,
    last_change: formatDateTime(property.lastChange, timeZone),
    state: property.state,
  };
}
