import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class LoginRequestDto {
  @ApiPropertyOptional({ description: 'Id of the enterprise external application the user signs in through' })
  @IsOptional()
  @IsString()
  user_external_application_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  login?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString()
  password?: string;
}

export class LogoutRequestDto {
  @ApiProperty()
  @IsDefined()
  @IsString()
  user_external_application_id!: string;

  @ApiProperty({ description: 'The token to revoke' })
  @IsDefined()
  @IsString()
  bearer_token!: string;
}

export class VerifyAuthTokenRequestDto {
  @ApiProperty({ description: 'A bearer token to identify' })
  @IsDefined()
  @IsString()
  auth_token!: string;
}

export class UserListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() email?: string;
  @ApiPropertyOptional({ description: 'With the international prefix, digits only' }) @IsOptional() @IsString() phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() login?: string;
  @ApiPropertyOptional({ description: 'Part of the first name' }) @IsOptional() @IsString() first_name?: string;
  @ApiPropertyOptional({ description: 'Part of the last name' }) @IsOptional() @IsString() last_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
}

export class UserDto {
  @ApiProperty() user_id!: string;
  @ApiProperty() login!: string;
  @ApiProperty() first_name!: string;
  @ApiProperty() last_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ type: [String] }) user_role_ids!: string[];
  @ApiProperty({ nullable: true, type: String }) store_id!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-01-31 08:15:00' }) last_login!: string | null;
}

export class UserRoleDto {
  @ApiProperty() user_role_id!: string;
  @ApiProperty() name!: string;
}

export class LoginResultDto {
  @ApiProperty() bearer_token!: string;
  @ApiProperty({ example: '2026-01-31 15:15:00' }) valid_to!: string;
  @ApiProperty({ type: UserDto }) user!: UserDto;
}
