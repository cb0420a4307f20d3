import { formatDateTime, toPostalAddressDto, PostalAddressRow } from '@tessera/http';
import { StoreDto, StoreGroupRecordDto, StorePropertyRecordDto } from './dto/store.dto';
import { StoreGroupRecordEntity } from './entities/store-group-record.entity';
import { StorePropertyRecordEntity } from './entities/store-property-record.entity';
import { OpeningDay, StoreEntity } from './entities/store.entity';

export function toStoreDto(store: StoreEntity, timeZone: string): StoreDto {
  return {
    store_id: store.id,
    store_code: store.storeCode,
    name: store.name,
    store_address: toPostalAddressDto(store),
    contact_email: store.contactEmail,
    manager_name: store.managerName,
    phone_number: store.phoneNumber,
    partner_id: store.partnerId,
    system_id: store.systemId,
    gps_coordinates:
      store.gpsLongitude === null || store.gpsLatitude === null
        ? null
        : { gps_longitude: Number(store.gpsLongitude), gps_latitude: Number(store.gpsLatitude) },
    url_address: store.urlAddress,
    opening: store.opening,
    image_urls: store.imageUrls,
    visibility_for_customer: store.visibilityForCustomer,
    short_description: store.shortDescription,
    description: store.description,
    registration_id: store.registrationId,
    last_change: formatDateTime(store.lastChange, timeZone),
    state: store.state,
  };
}

/** A store row as PostgreSQL's `to_jsonb` gives it: numerics as JSON numbers, timestamps as ISO 8601 text. */
export interface StoreJson extends PostalAddressRow {
  store_id: string;
  store_code: string;
  name: string;
  partner_id: string;
  system_id: string;
  contact_email: string | null;
  manager_name: string | null;
  phone_number: string | null;
  gps_longitude: number | null;
  gps_latitude: number | null;
  url_address: string | null;
  opening: OpeningDay[];
  image_urls: string[];
  visibility_for_customer: number;
  short_description: string | null;
  description: string | null;
  registration_id: string | null;
  state: number;
  created_at: string;
  last_change: string;
}

/** The store of a JSON row, as the entity holds it, for `toStoreDto`. */
export function storeOfJson(json: StoreJson): StoreEntity {
  const decimal = (value: number | null) => (value === null ? null : String(value));
  return {
    id: json.store_id,
    storeCode: json.store_code,
    name: json.name,
    partnerId: json.partner_id,
    systemId: json.system_id,
    address1: json.address1,
    address2: json.address2,
    address3: json.address3,
    address4: json.address4,
    address5: json.address5,
    address6: json.address6,
    address7: json.address7,
    zip: json.zip,
    city: json.city,
    countryCode: json.country_code,
    contactEmail: json.contact_email,
    managerName: json.manager_name,
    phoneNumber: json.phone_number,
    gpsLongitude: decimal(json.gps_longitude),
    gpsLatitude: decimal(json.gps_latitude),
    urlAddress: json.url_address,
    opening: json.opening,
    imageUrls: json.image_urls,
    visibilityForCustomer: json.visibility_for_customer,
    shortDescription: json.short_description,
    description: json.description,
    registrationId: json.registration_id,
    state: json.state,
    createdAt: new Date(json.created_at),
    lastChange: new Date(json.last_change),
  };
}

export function toStorePropertyRecordDto(record: StorePropertyRecordEntity, timeZone: string): StorePropertyRecordDto {
  return {
    property_record_id: record.id,
    property_id: record.propertyId,
    property_name: record.property.name,
    property_value: record.propertyValue,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toStoreGroupRecordDto(record: StoreGroupRecordEntity, timeZone: string): StoreGroupRecordDto {
  return {
    store_group_record_id: record.id,
    store_id: record.storeId,
    store_group_id: record.storeGroupId,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}
