import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { OPERATOR_PERMISSIONS } from '@tessera/http';

export class OperatorSignInDto {
  @ApiProperty({ example: 'marta' }) @IsDefined() @IsString() @IsNotEmpty() login!: string;
  @ApiProperty({ format: 'password', example: 'correct horse battery' }) @IsDefined() @IsString() password!: string;
  @ApiPropertyOptional({ description: 'The code the authenticator app shows, for users with a second factor', example: '492039' })
  @IsOptional()
  @IsString()
  @Matches(/^\s*\d{6}\s*$/, { message: 'totp_code is the six digits the authenticator app shows' })
  totp_code?: string;
  @ApiPropertyOptional({ description: 'What the client is, for the audit trail', enum: ['console', 'api'], example: 'console' })
  @IsOptional()
  @IsIn(['console', 'api'])
  client?: 'console' | 'api';
}

export class OperatorUserDto {
  @ApiProperty({ example: '4c1d7e2a9b3f4e8d8a6c5b2e1f0d9c8b' }) user_id!: string;
  @ApiProperty({ example: 'marta' }) login!: string;
  @ApiProperty({ example: 'Marta' }) first_name!: string;
  @ApiProperty({ example: 'Novak' }) last_name!: string;
  @ApiProperty({ example: 'marta@example.com' }) email!: string;
  @ApiPropertyOptional({ example: '+420777123456' }) phone?: string;
  @ApiPropertyOptional({ description: 'The store the user works for', example: 'b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1' }) store_id?: string;
  @ApiProperty({ description: '1 active, 0 disabled', example: 1 }) state!: number;
  @ApiProperty({ description: 'Role text ids', example: ['customer_care'] }) roles!: string[];
  @ApiProperty({ description: 'Whether sign-in asks for an authenticator code', example: false }) second_factor!: boolean;
  @ApiPropertyOptional({ example: '2026-11-27T08:30:00.000Z' }) last_login?: string;
}

class SignedInDto {
  @ApiProperty({ description: 'Send as `Authorization: Bearer <token>`', example: 'Xk3vQ9bN2mR7tY1wE5uI8oP0aS4dF6gH' }) token!: string;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) expires_at!: string;
  @ApiProperty({ type: OperatorUserDto }) user!: OperatorUserDto;
  @ApiProperty({ enum: OPERATOR_PERMISSIONS, isArray: true, example: ['customers:read', 'customers:write'] }) permissions!: string[];
}

export class SignedInResponseDto {
  @ApiProperty({ type: SignedInDto }) data!: SignedInDto;
}

class CurrentOperatorDto {
  @ApiProperty({ type: OperatorUserDto }) user!: OperatorUserDto;
  @ApiProperty({ enum: OPERATOR_PERMISSIONS, isArray: true, example: ['figures:read'] }) permissions!: string[];
}

export class CurrentOperatorResponseDto {
  @ApiProperty({ type: CurrentOperatorDto }) data!: CurrentOperatorDto;
}

export class SecondFactorCodeDto {
  @ApiProperty({ example: '492039' })
  @IsDefined()
  @IsString()
  @Matches(/^\s*\d{6}\s*$/, { message: 'totp_code is the six digits the authenticator app shows' })
  totp_code!: string;
}

class SecondFactorEnrolmentDto {
  @ApiProperty({ description: 'The key, for typing into an authenticator app by hand', example: 'LZYRMTA6IE3GEP3E' }) secret!: string;
  @ApiProperty({
    description: 'The key as a URL, for a QR code',
    example: 'otpauth://totp/Tessera:marta?secret=LZYRMTA6IE3GEP3E&issuer=Tessera',
  })
  otpauth_url!: string;
}

export class SecondFactorEnrolmentResponseDto {
  @ApiProperty({ type: SecondFactorEnrolmentDto }) data!: SecondFactorEnrolmentDto;
}

export class OperatorRoleInputDto {
  @ApiProperty({ example: 'store_manager' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z][a-z0-9_]{0,63}$/, { message: 'text_id is lowercase letters, digits and underscores' })
  text_id!: string;
  @ApiProperty({ example: 'Store manager' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiPropertyOptional({ example: 'Reads customers of their store' }) @IsOptional() @IsString() @MaxLength(1000) description?: string;
  @ApiProperty({ enum: OPERATOR_PERMISSIONS, isArray: true, example: ['customers:read'] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(OPERATOR_PERMISSIONS.length)
  @IsIn(OPERATOR_PERMISSIONS, { each: true })
  permissions!: string[];
}

export class OperatorRoleDto {
  @ApiProperty({ example: '7a1b2c3d4e5f60718293a4b5c6d7e8f9' }) user_role_id!: string;
  @ApiProperty({ example: 'customer_care' }) text_id!: string;
  @ApiProperty({ example: 'Customer care' }) name!: string;
  @ApiProperty({ example: 'Finds customers and adjusts points with a reason' }) description!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (grants nothing)', example: 1 }) state!: number;
  @ApiProperty({ enum: OPERATOR_PERMISSIONS, isArray: true, example: ['customers:read', 'customers:write'] }) permissions!: string[];
}

class OperatorRoleListDto {
  @ApiProperty({ type: [OperatorRoleDto] }) user_roles!: OperatorRoleDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class OperatorRoleListResponseDto {
  @ApiProperty({ type: OperatorRoleListDto }) data!: OperatorRoleListDto;
}

export class OperatorRoleResponseDto {
  @ApiProperty({ type: OperatorRoleDto }) data!: OperatorRoleDto;
}

export class OperatorUserInputDto {
  @ApiProperty({ example: 'marta' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) login!: string;
  @ApiPropertyOptional({ example: 'Marta' }) @IsOptional() @IsString() @MaxLength(200) first_name?: string;
  @ApiPropertyOptional({ example: 'Novak' }) @IsOptional() @IsString() @MaxLength(200) last_name?: string;
  @ApiPropertyOptional({ example: 'marta@example.com' }) @IsOptional() @IsString() @MaxLength(320) email?: string;
  @ApiPropertyOptional({ example: '+420777123456' }) @IsOptional() @IsString() @MaxLength(50) phone?: string;
  @ApiPropertyOptional({ description: 'Store id or store code the user works for', example: 'PRAGUE-1' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  store_id?: string;
  @ApiProperty({ description: 'Role text ids or ids', example: ['customer_care'] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  roles!: string[];
}

export class NewOperatorUserInputDto extends OperatorUserInputDto {
  @ApiPropertyOptional({ description: 'At least 10 characters; left out, one is generated and answered once', format: 'password' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  password?: string;
}

export class PasswordResetInputDto {
  @ApiPropertyOptional({ description: 'At least 10 characters; left out, one is generated and answered once', format: 'password' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  password?: string;
}

class OperatorUserListDto {
  @ApiProperty({ type: [OperatorUserDto] }) users!: OperatorUserDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class OperatorUserListResponseDto {
  @ApiProperty({ type: OperatorUserListDto }) data!: OperatorUserListDto;
}

export class OperatorUserResponseDto {
  @ApiProperty({ type: OperatorUserDto }) data!: OperatorUserDto;
}

class UserWithPasswordDto {
  @ApiProperty({ type: OperatorUserDto }) user!: OperatorUserDto;
  @ApiPropertyOptional({ description: 'The generated password: shown this once', example: 'tV0q3H1Zs8uWcE2k' }) password?: string;
}

export class UserWithPasswordResponseDto {
  @ApiProperty({ type: UserWithPasswordDto }) data!: UserWithPasswordDto;
}
