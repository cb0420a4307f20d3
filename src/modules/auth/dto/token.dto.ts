import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';

export class DeviceDto {
  @ApiProperty({ description: 'Unique per installation of the app' }) @IsDefined() @IsString() device_id!: string;
  @ApiProperty({ example: 'Android 15' }) @IsDefined() @IsString() device_system!: string;
  @ApiProperty() @IsDefined() @IsString() device_name!: string;
  @ApiProperty({ example: 'phone' }) @IsDefined() @IsString() device_type!: string;
}

export class SetupDto {
  @ApiProperty({ description: 'ISO 639-1 code', example: 'en' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z]{2}$/, { message: 'language_id must be an ISO 639-1 code' })
  language_id!: string;

  @ApiProperty() @IsDefined() @IsBoolean() allowed_gps!: boolean;
  @ApiProperty() @IsDefined() @IsBoolean() allowed_notifications!: boolean;
}

export class CreateTokenRequestDto {
  @ApiProperty({ type: DeviceDto }) @IsDefined() @ValidateNested() @Type(() => DeviceDto) device!: DeviceDto;
  @ApiProperty({ type: SetupDto }) @IsDefined() @ValidateNested() @Type(() => SetupDto) setup!: SetupDto;
  @ApiProperty() @IsDefined() @IsString() external_application_id!: string;
  @ApiPropertyOptional({ description: 'Apple or Google push token' }) @IsOptional() @IsString() push_token?: string;
}

export class UpdateTokenRequestDto {
  @ApiProperty({ type: SetupDto }) @IsDefined() @ValidateNested() @Type(() => SetupDto) setup!: SetupDto;
  @ApiPropertyOptional() @IsOptional() @IsString() push_token?: string;
}

export class TokenLoginRequestDto {
  @ApiProperty({ enum: ['email', 'phone', 'card'] }) @IsDefined() @IsIn(['email', 'phone', 'card']) login_type!: 'email' | 'phone' | 'card';
  @ApiProperty() @IsDefined() @IsString() login_value!: string;
  @ApiProperty({ format: 'password' }) @IsDefined() @IsString() password!: string;
}

export class AuthenticationTokenLoginRequestDto {
  @ApiProperty({ description: "The external application the customer signs in to (this token's application)" })
  @IsDefined()
  @IsString()
  application_id!: string;

  @ApiProperty() @IsDefined() @IsString() token!: string;
  @ApiProperty() @IsDefined() @IsString() token_request_id!: string;
}

export class AuthTokenQueryDto {
  @ApiProperty({ description: 'The application the token is for' }) @IsDefined() @IsString() external_application_id!: string;

  @ApiProperty({ enum: [1, 2], default: 1, description: '1 alphanumeric, 2 numeric' })
  @IsDefined()
  @Type(() => Number)
  @IsInt()
  @IsIn([1, 2])
  token_type!: 1 | 2;
}

export class TokenIdDto {
  @ApiProperty() token_id!: string;
}

export class TokenCustomerIdDto {
  @ApiProperty() customer_id!: string;
}

export class AuthTokenDto {
  @ApiProperty() authentication_token!: string;
  @ApiProperty() token_request_id!: string;
  @ApiProperty({ example: '2026-01-31 08:20:00' }) valid_to!: string;
}
