import { formatDateTime, formatNullableDateTime, toPostalAddressDto } from '@tessera/http';
import { FIXED_AGREEMENTS, FixedAgreementField } from './customer-definition.service';
import { RelationView } from './customer-relation.service';
import { CustomerView } from './customer.repository';
import { CustomerDto, CustomerPropertyRecordDto } from './dto/customer.dto';
import {
  AdditionalAddressDto,
  AgreementDto,
  CustomerAddressTypeDto,
  CustomerInterestRecordDto,
  CustomerPartnerRecordDto,
  CustomerPropertyDto,
  CustomerPropertyItemDto,
  CustomerRelationTypeDto,
  CustomerSourceLinkDto,
  CustomerStatusRecordDto,
  CustomerTypeDto,
  InterestDto,
  ReferralDto,
  RelatedCustomerDto,
} from './dto/customer-response.dto';
import {
  AgreementEntity,
  CustomerAddressTypeEntity,
  CustomerRelationTypeEntity,
  CustomerTypeEntity,
  InterestEntity,
} from './entities/customer-definitions.entity';
import { CustomerPropertyEntity, CustomerPropertyItemEntity, CustomerPropertyRecordEntity } from './entities/customer-property.entity';
import {
  CustomerAddressEntity,
  CustomerInterestRecordEntity,
  CustomerPartnerRecordEntity,
  CustomerReferralEntity,
  CustomerStatusRecordEntity,
} from './entities/customer-records.entity';
import { CustomerSourceLinkEntity } from './entities/customer-source-link.entity';
import { generateSalutation } from './salutation';

export interface CustomerOutputOptions {
  timeZone: string;
  /** The project's language, shown for customers registered without one (the field is required). */
  defaultLanguage: string;
  shortSalutation: boolean;
  /** Absolute URL of the photo route, to which the photo id is appended. */
  photoBaseUrl: string;
}

export function toCustomerDto(view: CustomerView, options: CustomerOutputOptions): CustomerDto {
  const c = view.customer;
  const agreement: Partial<Record<FixedAgreementField, number>> & {
    custom_agreements: { agreement_id: string; agreement_value: number }[];
  } = {
    custom_agreements: [],
  };
  const fieldByTextId = new Map<string, FixedAgreementField>(
    Object.entries(FIXED_AGREEMENTS).map(([field, textId]) => [textId, field as FixedAgreementField]),
  );
  for (const consent of view.consents) {
    const field = fieldByTextId.get(consent.textId);
    if (field) agreement[field] = consent.consentValue;
    else agreement.custom_agreements.push({ agreement_id: consent.agreementId, agreement_value: consent.consentValue });
  }
  const parts = { gender: c.gender, firstName: c.firstName, lastName: c.lastName, preNominals: c.preNominals };
  return {
    customer_id: c.id,
    personal_information: {
      // A salutation the client set is kept; the short form always addresses by first name.
      salutation: options.shortSalutation ? generateSalutation(parts, true) : (c.salutation ?? generateSalutation(parts, false)),
      gender: c.gender,
      first_name: c.firstName,
      last_name: c.lastName,
      pre_nominals: c.preNominals,
      post_nominals: c.postNominals,
      birthdate: c.birthdate,
      email: c.email,
      phone: c.phone,
      language_id: c.languageId ?? options.defaultLanguage,
      store_id: c.storeId,
      photo_url: view.photoId ? `${options.photoBaseUrl}/${view.photoId}` : null,
      address: toPostalAddressDto(c),
      agreement,
      consents: view.consents.map((consent) => ({
        consent_id: consent.agreementId,
        consent_value: consent.consentValue,
        last_change: formatDateTime(consent.lastChange, options.timeZone),
      })),
    },
    doi_email: formatNullableDateTime(c.doiEmail, options.timeZone),
    doi_phone: formatNullableDateTime(c.doiPhone, options.timeZone),
    last_change: formatDateTime(c.lastChange, options.timeZone),
    state: c.state,
  };
}

function toPropertyItemDto(item: CustomerPropertyItemEntity): CustomerPropertyItemDto {
  return { id: item.id, name: item.name, resource_record_id: item.resourceRecordId, state: item.state };
}

/** Enum and multiselect values are stored as item ids and answered as the items themselves. */
function propertyValueOut(property: CustomerPropertyEntity, value: unknown): unknown {
  if (property.dataType !== 'enum' && property.dataType !== 'multiselect') return value;
  const ids = Array.isArray(value) ? (value as string[]) : [value as string];
  const items = new Map(property.items.map((item) => [item.id, item]));
  return ids.flatMap((id) => (items.has(id) ? [toPropertyItemDto(items.get(id)!)] : []));
}

export function toPropertyRecordDto(record: CustomerPropertyRecordEntity, timeZone: string): CustomerPropertyRecordDto {
  return {
    property_record_id: record.id,
    property_id: record.propertyId,
    property_name: record.property.name,
    property_value: propertyValueOut(record.property, record.propertyValue),
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toCustomerPropertyDto(property: CustomerPropertyEntity, timeZone: string): CustomerPropertyDto {
  return {
    property_id: property.id,
    name: property.name,
    data_type: property.dataType,
    items: [...property.items].sort((a, b) => a.id.localeCompare(b.id)).map(toPropertyItemDto),
    is_required: property.isRequired,
    is_unique: property.isUnique,
    last_change: formatDateTime(property.lastChange, timeZone),
    state: property.state,
  };
}

export function toInterestDto(interest: InterestEntity): InterestDto {
  return { interest_id: interest.id, name: interest.name };
}

export function toAddressTypeDto(type: CustomerAddressTypeEntity, timeZone: string): CustomerAddressTypeDto {
  return { address_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toRelationTypeDto(type: CustomerRelationTypeEntity, timeZone: string): CustomerRelationTypeDto {
  return { customer_relation_type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone), state: type.state };
}

export function toCustomerTypeDto(type: CustomerTypeEntity, timeZone: string): CustomerTypeDto {
  return { type_id: type.id, name: type.name, last_change: formatDateTime(type.lastChange, timeZone) };
}

export function toAgreementDto(agreement: AgreementEntity, timeZone: string): AgreementDto {
  return {
    agreement_id: agreement.id,
    name: agreement.name,
    text: agreement.text,
    withdrawal_text: agreement.withdrawalText,
    communication_channel_id: agreement.communicationChannelId,
    text_id: agreement.textId,
    last_change: formatDateTime(agreement.lastChange, timeZone),
  };
}

export function toStatusRecordDto(record: CustomerStatusRecordEntity, timeZone: string): CustomerStatusRecordDto {
  return {
    status_record_id: record.id,
    status_id: record.statusId,
    customer_id: record.customerId,
    valid_from: formatDateTime(record.validFrom, timeZone),
    valid_to: formatNullableDateTime(record.validTo, timeZone),
    last_change: formatDateTime(record.lastChange, timeZone),
    state: record.state,
  };
}

export function toSourceRecordDto(record: CustomerSourceLinkEntity, timeZone: string): CustomerSourceLinkDto {
  return {
    customer_source_record_id: record.id,
    customer_source_id: record.customerSourceId,
    customer_id: record.customerId,
    external_id: record.externalId,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toInterestRecordDto(record: CustomerInterestRecordEntity, timeZone: string): CustomerInterestRecordDto {
  return {
    interest_record_id: record.id,
    interest_id: record.interestId,
    customer_id: record.customerId,
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}

export function toAdditionalAddressDto(address: CustomerAddressEntity): AdditionalAddressDto {
  return {
    additional_address_id: address.id,
    address_type: address.addressTypeId,
    address: toPostalAddressDto(address),
  };
}

/** `short_name` is left out when there is no name to show (or the caller may not see it): it is optional, and a string when present. */
export function toRelatedCustomerDto(relation: RelationView, timeZone: string): RelatedCustomerDto {
  const shortName = [relation.relatedFirstName, relation.relatedLastName].filter((part) => part).join(' ');
  return {
    customer_relation_id: relation.id,
    related_customer_id: relation.relatedCustomerId,
    ...(shortName ? { short_name: shortName } : {}),
    customer_relation_type_id: relation.customerRelationTypeId,
    is_leading: relation.isLeading,
    valid_from: formatDateTime(relation.validFrom, timeZone),
    valid_to: formatNullableDateTime(relation.validTo, timeZone),
    last_change: formatDateTime(relation.lastChange, timeZone),
    state: relation.state,
  };
}

export function toReferralDto(referral: CustomerReferralEntity, timeZone: string): ReferralDto {
  return {
    referral_id: referral.id,
    code: referral.code,
    customer_id: referral.customerId,
    referral_campaign_id: referral.referralCampaignId,
    valid_to: formatNullableDateTime(referral.validTo, timeZone),
  };
}

export function toPartnerRecordDto(record: CustomerPartnerRecordEntity, timeZone: string): CustomerPartnerRecordDto {
  return { partner_record_id: record.id, partner_id: record.partnerId, last_change: formatDateTime(record.lastChange, timeZone) };
}
