import { formatDateTime } from '../../../libs/http/src';
import { PartnerDto, PartnerPropertyRecordDto } from './dto/partner.dto';
import { PartnerPropertyRecordEntity } from './entities/partner-property.entity';
import { PartnerEntity } from './entities/partner.entity';

export function toPartnerDto(partner: PartnerEntity): PartnerDto {
  return {
    partner_id: partner.id,
    name: partner.name,
    address: {
      address1: partner.address1,
      address2: partner.address2,
      address3: partner.address3,
      address4: partner.address4,
      address5: partner.address5,
      address6: partner.address6,
      address7: partner.address7,
      zip: partner.zip,
      city: partner.city,
      country_code: partner.countryCode,
    },
    registration_id: partner.registrationId,
    vat_id: partner.vatId,
    email: partner.email,
    phone: partner.phone,
    state: partner.state,
  };
}

export function toPartnerPropertyRecordDto(record: PartnerPropertyRecordEntity, timeZone: string): PartnerPropertyRecordDto {
  return {
    property_record_id: record.id,
    property_id: record.propertyId,
    property_name: record.property.name,
    property_value: record.propertyValue,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}
