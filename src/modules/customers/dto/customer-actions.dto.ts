import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { AgreementInputDto } from './customer.dto';
import { PartnerRecordInputDto } from './customer-records.dto';

export class VerifyCredentialsBodyDto {
  @ApiProperty({ enum: ['card', 'email'] }) @IsDefined() @IsIn(['card', 'email']) login_type!: 'card' | 'email';
  @ApiProperty() @IsDefined() @IsString() login_value!: string;
  @ApiProperty({ format: 'password' }) @IsDefined() @IsString() password!: string;
}

export class AuthTokenBodyDto {
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiProperty({ description: 'The application that will redeem the token' }) @IsDefined() @IsString() external_application_id!: string;
  @ApiProperty({ enum: [1, 2], default: 1 }) @IsDefined() @IsIn([1, 2]) token_type!: 1 | 2;
}

export class VerifyAuthTokenBodyDto {
  @ApiProperty() @IsDefined() @IsString() application_id!: string;
  @ApiProperty() @IsDefined() @IsString() token!: string;
  @ApiProperty() @IsDefined() @IsString() token_request_id!: string;
}

export class ValidateCustomerDataBodyDto {
  @ApiProperty({ enum: ['password', 'referral_code'] }) @IsDefined() @IsIn(['password', 'referral_code']) type!:
    'password' | 'referral_code';
  @ApiProperty() @IsDefined() @IsString() value!: string;
}

export class SearchCustomersQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() last_name?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD or DD.MM.YYYY' }) @IsOptional() @IsString() birthdate?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() card_number?: string;
  @ApiPropertyOptional({ enum: ['strict', 'none'], default: 'none' }) @IsOptional() @IsIn(['strict', 'none']) mode?: 'strict' | 'none';
}

export class UploadPhotoBodyDto {
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiProperty({ description: 'Base64 of a JPEG or PNG image of at most 2 MB' }) @IsDefined() @IsString() data!: string;
}

export class SetPartnersBodyDto {
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;

  @ApiProperty({ type: [PartnerRecordInputDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PartnerRecordInputDto)
  partner_records!: PartnerRecordInputDto[];
}

export class SetStatusRecordBodyDto {
  @ApiProperty() @IsDefined() @IsString() status_id!: string;
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiPropertyOptional({ description: 'Now when omitted' }) @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional({ description: 'From the status validity when omitted' }) @IsOptional() @IsString() valid_to?: string;
}

export class NewsletterSignUpBodyDto {
  @ApiProperty({ description: 'Email address or phone number' }) @IsDefined() @IsString() contact!: string;
  @ApiProperty() @IsDefined() @IsString() customer_source_id!: string;
  @ApiPropertyOptional({ type: AgreementInputDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AgreementInputDto)
  agreements?: AgreementInputDto;
  @ApiPropertyOptional() @IsOptional() @IsString() language_id?: string;

  @ApiPropertyOptional({ type: [PartnerRecordInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PartnerRecordInputDto)
  partner_records?: PartnerRecordInputDto[];
}

export class PushDeviceDto {
  @ApiProperty() @IsDefined() @IsString() device_id!: string;
  @ApiProperty() @IsDefined() @IsString() device_system!: string;
  @ApiProperty() @IsDefined() @IsString() device_name!: string;
  @ApiProperty() @IsDefined() @IsString() device_type!: string;
}

export class SetPushNotificationsBodyDto {
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiProperty({ type: PushDeviceDto }) @IsDefined() @ValidateNested() @Type(() => PushDeviceDto) device!: PushDeviceDto;
  @ApiProperty() @IsDefined() @IsString() external_application_id!: string;
  @ApiProperty() @IsDefined() @IsString() push_token!: string;
}

export class CancelPushNotificationsBodyDto {
  @ApiProperty() @IsDefined() @IsString() customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() external_application_id!: string;
  @ApiPropertyOptional({ description: 'Only this registration; all of the application when omitted' })
  @IsOptional()
  @IsString()
  push_token?: string;
}

export class CheckRegistrationAbilityBodyDto {
  @ApiProperty({ enum: ['email', 'phone'] }) @IsDefined() @IsIn(['email', 'phone']) type!: 'email' | 'phone';
  @ApiProperty() @IsDefined() @IsString() value!: string;
}
