import { formatDateTime, toPostalAddressDto } from '@tessera/http';
import { StoreDto, StoreGroupRecordDto, StorePropertyRecordDto } from './dto/store.dto';
import { StoreGroupRecordEntity } from './entities/store-group-record.entity';
import { StorePropertyRecordEntity } from './entities/store-property-record.entity';
import { StoreEntity } from './entities/store.entity';

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
