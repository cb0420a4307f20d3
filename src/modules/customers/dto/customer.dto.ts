import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  IsCalendarDate,
  ListQueryDto,
  PostalAddressDto,
  PostalAddressOutDto,
  queryArray,
  queryBoolean,
  PropertyRecordInputDto,
} from '@tessera/http';

/** The spec's email pattern, applied case-insensitively (addresses are compared without case). */
export const EMAIL_PATTERN =
  /^[-a-z0-9!#$%&'*+\\/=?^_`{|}~]+(\.[-a-z0-9!#$%&'*+\\/=?^_`{|}~]+)*@([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?\.)+[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])$/i;
export const PHONE_PATTERN = /^[1-9][0-9]*$/;
const CONSENT_VALUES = [0, 1, 2];

export class CustomAgreementDto {
  @ApiProperty() @IsDefined() @IsString() agreement_id!: string;
  @ApiProperty({ type: 'integer', enum: CONSENT_VALUES }) @IsDefined() @IsIn(CONSENT_VALUES) agreement_value!: number;
}

export class AgreementInputDto {
  @ApiPropertyOptional({ enum: CONSENT_VALUES }) @IsOptional() @IsIn(CONSENT_VALUES) agreement_gtc?: number;
  @ApiPropertyOptional({ enum: CONSENT_VALUES }) @IsOptional() @IsIn(CONSENT_VALUES) agreement_profiling?: number;
  @ApiPropertyOptional({ enum: CONSENT_VALUES }) @IsOptional() @IsIn(CONSENT_VALUES) agreement_marketing_communication?: number;

  @ApiPropertyOptional({ type: [CustomAgreementDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CustomAgreementDto)
  custom_agreements?: CustomAgreementDto[];
}

export class ConsentInputDto {
  @ApiProperty() @IsDefined() @IsString() consent_id!: string;
  @ApiProperty({ enum: CONSENT_VALUES }) @IsDefined() @IsIn(CONSENT_VALUES) consent_value!: number;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class PersonalInformationInputDto {
  @ApiPropertyOptional({ description: 'Generated when not set' }) @IsOptional() @IsString() salutation?: string;
  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5], nullable: true }) @IsOptional() @IsIn([1, 2, 3, 4, 5]) gender?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() last_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() pre_nominals?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() post_nominals?: string;
  @ApiPropertyOptional({ format: 'date' }) @IsOptional() @IsCalendarDate() birthdate?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: 'email is not a valid address' })
  email?: string;
  @ApiPropertyOptional({ pattern: PHONE_PATTERN.source }) @IsOptional() @IsString() @Matches(PHONE_PATTERN) phone?: string;
  @ApiProperty() @IsDefined() @IsString() language_id!: string;
  @ApiPropertyOptional({ description: 'Can be changed but not removed' }) @IsOptional() @IsString() store_id?: string;

  @ApiPropertyOptional({ type: PostalAddressDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  address?: PostalAddressDto;

  @ApiPropertyOptional({ type: AgreementInputDto, deprecated: true, description: 'Ignored when consents are sent' })
  @IsOptional()
  @ValidateNested()
  @Type(() => AgreementInputDto)
  agreement?: AgreementInputDto;

  @ApiPropertyOptional({ type: [ConsentInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ConsentInputDto)
  consents?: ConsentInputDto[];

  @ApiPropertyOptional({ readOnly: true }) @Allow() photo_url?: unknown;
}

export class CustomerInputDto {
  @ApiProperty({ type: PersonalInformationInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PersonalInformationInputDto)
  personal_information!: PersonalInformationInputDto;

  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() doi_email?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() doi_phone?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class CustomerSourceInputDto {
  @ApiProperty() @IsDefined() @IsString() customer_source_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_source_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class SocialNetworkCredentialsDto {
  @ApiProperty() @IsDefined() @IsString() social_network_id!: string;
  @ApiProperty() @IsDefined() @IsString() social_network_token!: string;
}

export class CustomerReplaceBodyDto {
  @ApiProperty({ type: CustomerInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CustomerInputDto)
  customer!: CustomerInputDto;

  @ApiPropertyOptional({ format: 'password', description: 'Left unchanged when omitted' }) @IsOptional() @IsString() password?: string;

  @ApiPropertyOptional({ type: SocialNetworkCredentialsDto, description: 'Left unchanged when omitted' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SocialNetworkCredentialsDto)
  social_network_credentials?: SocialNetworkCredentialsDto;

  @ApiPropertyOptional({ type: [PropertyRecordInputDto], description: 'When sent, the customer has exactly these property records' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  property_records?: PropertyRecordInputDto[];
}

export class CustomerCreateBodyDto extends CustomerReplaceBodyDto {
  @ApiProperty({ type: CustomerSourceInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => CustomerSourceInputDto)
  customer_source!: CustomerSourceInputDto;

  @ApiProperty({ description: 'Customer interface: log the new customer in on the calling token' })
  @IsDefined()
  @IsBoolean()
  autologin!: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() referral_code?: string;
}

export class CustomerListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_source_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() last_name?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD or DD.MM.YYYY' }) @IsOptional() @IsString() birthdate?: string;

  @ApiPropertyOptional({ type: [String], name: 'email_list[]' })
  @IsOptional()
  @Expose({ name: 'email_list[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  email_list?: string[];

  @ApiPropertyOptional({ type: [String], name: 'customer_ids[]' })
  @IsOptional()
  @Expose({ name: 'customer_ids[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  customer_ids?: string[];

  @ApiPropertyOptional({ type: Boolean }) @IsOptional() @Transform(queryBoolean) @IsBoolean() customer_short_salutation?: boolean;
}

export class CustomerDetailQueryDto {
  @ApiPropertyOptional({ type: Boolean }) @IsOptional() @Transform(queryBoolean) @IsBoolean() customer_short_salutation?: boolean;
}

export class ConsentOutDto {
  @ApiProperty() consent_id!: string;
  @ApiProperty({ type: 'integer', enum: CONSENT_VALUES }) consent_value!: number;
  @ApiProperty() last_change!: string;
}

export class AgreementOutDto {
  @ApiPropertyOptional({ type: 'integer', enum: CONSENT_VALUES }) agreement_gtc?: number;
  @ApiPropertyOptional({ type: 'integer', enum: CONSENT_VALUES }) agreement_profiling?: number;
  @ApiPropertyOptional({ type: 'integer', enum: CONSENT_VALUES }) agreement_marketing_communication?: number;
  @ApiProperty({ type: [CustomAgreementDto] }) custom_agreements!: CustomAgreementDto[];
}

export class PersonalInformationOutDto {
  @ApiProperty() salutation!: string;
  @ApiPropertyOptional({ type: 'integer', enum: [1, 2, 3, 4, 5] }) gender?: number | null;
  @ApiPropertyOptional({ type: String }) first_name?: string | null;
  @ApiPropertyOptional({ type: String }) last_name?: string | null;
  @ApiPropertyOptional({ type: String }) pre_nominals?: string | null;
  @ApiPropertyOptional({ type: String }) post_nominals?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date' }) birthdate?: string | null;
  @ApiPropertyOptional({ type: String }) email?: string | null;
  @ApiPropertyOptional({ type: String }) phone?: string | null;
  @ApiProperty({ type: String }) language_id!: string | null;
  @ApiPropertyOptional({ type: String }) store_id?: string | null;
  @ApiPropertyOptional({ type: String }) photo_url?: string | null;
  @ApiProperty({ type: PostalAddressOutDto }) address!: PostalAddressOutDto;
  @ApiProperty({ type: AgreementOutDto }) agreement!: AgreementOutDto;
  @ApiProperty({ type: [ConsentOutDto] }) consents!: ConsentOutDto[];
}

export class CustomerDto {
  @ApiProperty() customer_id!: string;
  @ApiProperty({ type: PersonalInformationOutDto }) personal_information!: PersonalInformationOutDto;
  @ApiPropertyOptional({ type: String }) doi_email?: string | null;
  @ApiPropertyOptional({ type: String }) doi_phone?: string | null;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class CustomerPropertyRecordDto {
  @ApiProperty() property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiProperty() property_name!: string;
  @ApiProperty({ description: 'Shaped by the property data type' }) property_value!: unknown;
  @ApiProperty() last_change!: string;
}
