import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BatchReportDto, PostalAddressOutDto } from '@tessera/http';
import { CustomerDto, CustomerPropertyRecordDto } from './customer.dto';

const STATES = [0, 1, 2];

// ---- definitions ----

export class CustomerPropertyItemDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) resource_record_id!: string | null;
  @ApiProperty({ type: 'integer', enum: STATES }) state!: number;
}

export class CustomerPropertyDto {
  @ApiProperty() property_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() data_type!: string;
  @ApiProperty({ type: () => [CustomerPropertyItemDto] }) items!: CustomerPropertyItemDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: STATES }) state!: number;
}

export class InterestDto {
  @ApiProperty() interest_id!: string;
  @ApiProperty() name!: string;
}

export class CustomerAddressTypeDto {
  @ApiProperty() address_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

export class CustomerRelationTypeDto {
  @ApiProperty() customer_relation_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: STATES }) state!: number;
}

export class CustomerTypeDto {
  @ApiProperty() type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

/** A consent customers can give, as defined (not a customer's answer to it). */
export class AgreementDto {
  @ApiProperty() agreement_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() text!: string;
  @ApiPropertyOptional({ type: String }) withdrawal_text!: string | null;
  @ApiPropertyOptional({ type: String }) communication_channel_id!: string | null;
  @ApiProperty() text_id!: string;
  @ApiProperty() last_change!: string;
}

// ---- a customer's records ----

export class CustomerStatusRecordDto {
  @ApiProperty() status_record_id!: string;
  @ApiProperty() status_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() valid_from!: string;
  @ApiPropertyOptional({ type: String, description: 'Absent while the status has no end' }) valid_to!: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: STATES }) state!: number;
}

/** The link between a customer and a source system (named apart from the source-record list of reference data). */
export class CustomerSourceLinkDto {
  @ApiProperty() customer_source_record_id!: string;
  @ApiProperty() customer_source_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiPropertyOptional({ type: String }) external_id!: string | null;
  @ApiProperty() last_change!: string;
}

export class CustomerInterestRecordDto {
  @ApiProperty() interest_record_id!: string;
  @ApiProperty() interest_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() last_change!: string;
}

export class AdditionalAddressDto {
  @ApiProperty() additional_address_id!: string;
  @ApiProperty({ description: 'A customer address type id' }) address_type!: string;
  @ApiProperty({ type: () => PostalAddressOutDto }) address!: PostalAddressOutDto;
}

export class RelatedCustomerDto {
  @ApiProperty() customer_relation_id!: string;
  @ApiProperty() related_customer_id!: string;
  @ApiPropertyOptional({ description: 'First and last name of the related customer, when known' }) short_name?: string;
  @ApiProperty() customer_relation_type_id!: string;
  @ApiProperty() is_leading!: boolean;
  @ApiProperty() valid_from!: string;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: STATES }) state!: number;
}

export class ReferralDto {
  @ApiProperty() referral_id!: string;
  @ApiProperty() code!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() referral_campaign_id!: string;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
}

export class CustomerPartnerRecordDto {
  @ApiProperty() partner_record_id!: string;
  @ApiProperty() partner_id!: string;
  @ApiProperty() last_change!: string;
}

// ---- envelopes: definitions ----

export class CustomerPropertyListDataDto {
  @ApiProperty({ type: () => [CustomerPropertyDto] }) customer_properties!: CustomerPropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerPropertyListResponseDto {
  @ApiProperty({ type: () => CustomerPropertyListDataDto }) data!: CustomerPropertyListDataDto;
}

export class CustomerPropertyResponseDto {
  @ApiProperty({ type: () => CustomerPropertyDto }) data!: CustomerPropertyDto;
}

export class InterestListDataDto {
  @ApiProperty({ type: () => [InterestDto] }) interests!: InterestDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class InterestListResponseDto {
  @ApiProperty({ type: () => InterestListDataDto }) data!: InterestListDataDto;
}

export class InterestResponseDto {
  @ApiProperty({ type: () => InterestDto }) data!: InterestDto;
}

export class CustomerAddressTypeListDataDto {
  @ApiProperty({ type: () => [CustomerAddressTypeDto] }) customer_address_types!: CustomerAddressTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerAddressTypeListResponseDto {
  @ApiProperty({ type: () => CustomerAddressTypeListDataDto }) data!: CustomerAddressTypeListDataDto;
}

export class CustomerAddressTypeResponseDto {
  @ApiProperty({ type: () => CustomerAddressTypeDto }) data!: CustomerAddressTypeDto;
}

export class CustomerRelationTypeListDataDto {
  @ApiProperty({ type: () => [CustomerRelationTypeDto] }) customer_relation_types!: CustomerRelationTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerRelationTypeListResponseDto {
  @ApiProperty({ type: () => CustomerRelationTypeListDataDto }) data!: CustomerRelationTypeListDataDto;
}

export class CustomerRelationTypeResponseDto {
  @ApiProperty({ type: () => CustomerRelationTypeDto }) data!: CustomerRelationTypeDto;
}

export class CustomerTypeListDataDto {
  @ApiProperty({ type: () => [CustomerTypeDto] }) customer_types!: CustomerTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerTypeListResponseDto {
  @ApiProperty({ type: () => CustomerTypeListDataDto }) data!: CustomerTypeListDataDto;
}

export class CustomerTypeResponseDto {
  @ApiProperty({ type: () => CustomerTypeDto }) data!: CustomerTypeDto;
}

export class AgreementListDataDto {
  @ApiProperty({ type: () => [AgreementDto] }) agreements!: AgreementDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class AgreementListResponseDto {
  @ApiProperty({ type: () => AgreementListDataDto }) data!: AgreementListDataDto;
}

export class AgreementResponseDto {
  @ApiProperty({ type: () => AgreementDto }) data!: AgreementDto;
}

// ---- envelopes: customers ----

export class CustomerListDataDto {
  @ApiProperty({ type: () => [CustomerDto] }) customers!: CustomerDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerListResponseDto {
  @ApiProperty({ type: () => CustomerListDataDto }) data!: CustomerListDataDto;
}

export class CustomerResponseDto {
  @ApiProperty({ type: () => CustomerDto }) data!: CustomerDto;
}

/** The customer a registration created, or whose credentials or token were verified. */
export class CustomerIdentityDto {
  @ApiProperty() customer_id!: string;
}

export class CustomerIdentityResponseDto {
  @ApiProperty({ type: () => CustomerIdentityDto }) data!: CustomerIdentityDto;
}

// ---- envelopes: a customer's records ----

export class CustomerStatusRecordListDataDto {
  @ApiProperty({ type: () => [CustomerStatusRecordDto] }) status_records!: CustomerStatusRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerStatusRecordListResponseDto {
  @ApiProperty({ type: () => CustomerStatusRecordListDataDto }) data!: CustomerStatusRecordListDataDto;
}

export class CustomerSourceLinkListDataDto {
  @ApiProperty({ type: () => [CustomerSourceLinkDto] }) customer_source_records!: CustomerSourceLinkDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerSourceLinkListResponseDto {
  @ApiProperty({ type: () => CustomerSourceLinkListDataDto }) data!: CustomerSourceLinkListDataDto;
}

export class CustomerSourceLinkIdDto {
  @ApiProperty() customer_source_record_id!: string;
}

export class CustomerSourceLinkIdResponseDto {
  @ApiProperty({ type: () => CustomerSourceLinkIdDto }) data!: CustomerSourceLinkIdDto;
}

export class CustomerPropertyRecordListDataDto {
  @ApiProperty({ type: () => [CustomerPropertyRecordDto] }) property_records!: CustomerPropertyRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerPropertyRecordListResponseDto {
  @ApiProperty({ type: () => CustomerPropertyRecordListDataDto }) data!: CustomerPropertyRecordListDataDto;
}

export class CustomerPropertyRecordIdDto {
  @ApiProperty() property_record_id!: string;
}

export class CustomerPropertyRecordIdResponseDto {
  @ApiProperty({ type: () => CustomerPropertyRecordIdDto }) data!: CustomerPropertyRecordIdDto;
}

/** A property-record batch with error_processing 2 in which some records failed. */
export class CustomerBatchReportResponseDto {
  @ApiProperty({ type: () => BatchReportDto }) data!: BatchReportDto;
}

export class CustomerInterestRecordListDataDto {
  @ApiProperty({ type: () => [CustomerInterestRecordDto] }) interest_records!: CustomerInterestRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerInterestRecordListResponseDto {
  @ApiProperty({ type: () => CustomerInterestRecordListDataDto }) data!: CustomerInterestRecordListDataDto;
}

export class CustomerInterestRecordIdDto {
  @ApiProperty() interest_record_id!: string;
}

export class CustomerInterestRecordIdResponseDto {
  @ApiProperty({ type: () => CustomerInterestRecordIdDto }) data!: CustomerInterestRecordIdDto;
}

export class AdditionalAddressListDataDto {
  @ApiProperty({ type: () => [AdditionalAddressDto] }) addresses!: AdditionalAddressDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class AdditionalAddressListResponseDto {
  @ApiProperty({ type: () => AdditionalAddressListDataDto }) data!: AdditionalAddressListDataDto;
}

export class AdditionalAddressResponseDto {
  @ApiProperty({ type: () => AdditionalAddressDto }) data!: AdditionalAddressDto;
}

export class AdditionalAddressIdDto {
  @ApiProperty() additional_address_id!: string;
}

export class AdditionalAddressIdResponseDto {
  @ApiProperty({ type: () => AdditionalAddressIdDto }) data!: AdditionalAddressIdDto;
}

export class RelatedCustomerListDataDto {
  @ApiProperty({ type: () => [RelatedCustomerDto] }) related_customers!: RelatedCustomerDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class RelatedCustomerListResponseDto {
  @ApiProperty({ type: () => RelatedCustomerListDataDto }) data!: RelatedCustomerListDataDto;
}

export class RelatedCustomerResponseDto {
  @ApiProperty({ type: () => RelatedCustomerDto }) data!: RelatedCustomerDto;
}

export class CustomerRelationIdDto {
  @ApiProperty() customer_relation_id!: string;
}

export class CustomerRelationIdResponseDto {
  @ApiProperty({ type: () => CustomerRelationIdDto }) data!: CustomerRelationIdDto;
}

export class ReferralListDataDto {
  @ApiProperty({ type: () => [ReferralDto] }) referrals!: ReferralDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class ReferralListResponseDto {
  @ApiProperty({ type: () => ReferralListDataDto }) data!: ReferralListDataDto;
}

export class CustomerPartnerRecordListDataDto {
  @ApiProperty({ type: () => [CustomerPartnerRecordDto] }) partner_records!: CustomerPartnerRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerPartnerRecordListResponseDto {
  @ApiProperty({ type: () => CustomerPartnerRecordListDataDto }) data!: CustomerPartnerRecordListDataDto;
}

export class CustomerPartnerRecordIdDto {
  @ApiProperty() partner_record_id!: string;
}

export class CustomerPartnerRecordIdResponseDto {
  @ApiProperty({ type: () => CustomerPartnerRecordIdDto }) data!: CustomerPartnerRecordIdDto;
}

// ---- envelopes: customer actions ----

export class CustomerDataValidityDto {
  @ApiProperty() is_valid!: boolean;
}

export class CustomerDataValidityResponseDto {
  @ApiProperty({ type: () => CustomerDataValidityDto }) data!: CustomerDataValidityDto;
}

export class RegistrationAbilityDto {
  @ApiProperty() registration_ability!: boolean;
}

export class RegistrationAbilityResponseDto {
  @ApiProperty({ type: () => RegistrationAbilityDto }) data!: RegistrationAbilityDto;
}

export class CustomerAuthTokenDto {
  @ApiProperty() authentication_token!: string;
  @ApiProperty() token_request_id!: string;
  @ApiProperty() valid_to!: string;
}

export class CustomerAuthTokenResponseDto {
  @ApiProperty({ type: () => CustomerAuthTokenDto }) data!: CustomerAuthTokenDto;
}

export class CustomerSearchMatchDto {
  @ApiProperty() customer_id!: string;
  @ApiProperty({ type: 'integer', description: 'How well the customer matches, in percent' }) match!: number;
}

export class CustomerSearchResultDto {
  @ApiProperty({ type: () => [CustomerSearchMatchDto] }) strict!: CustomerSearchMatchDto[];
}

export class CustomerSearchResponseDto {
  @ApiProperty({ type: () => CustomerSearchResultDto }) data!: CustomerSearchResultDto;
}

export class CustomerStatusRecordIdDto {
  @ApiProperty() status_record_id!: string;
}

export class CustomerStatusRecordIdResponseDto {
  @ApiProperty({ type: () => CustomerStatusRecordIdDto }) data!: CustomerStatusRecordIdDto;
}
