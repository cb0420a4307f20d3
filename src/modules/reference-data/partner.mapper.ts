import { formatDateTime, toPostalAddressDto } from '@tessera/http';
import { PartnerDto, PartnerPropertyRecordDto } from './dto/partner.dto';
import { PartnerPropertyRecordEntity } from './entities/partner-property.entity';
import { PartnerEntity } from './entities/partner.entity';

export function toPartnerDto(partner: PartnerEntity): PartnerDto {
  return {
    partner_id: partner.id,
    name: partner.name,
    address: toPostalAddressDto(partner),
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
