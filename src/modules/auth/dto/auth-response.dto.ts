import { ApiProperty } from '@nestjs/swagger';
import { AuthTokenDto, TokenCustomerIdDto, TokenIdDto } from './token.dto';
import { LoginResultDto, UserDto, UserRoleDto } from './user.dto';

export class UserListDataDto {
  @ApiProperty({ type: () => [UserDto] }) users!: UserDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class UserListResponseDto {
  @ApiProperty({ type: () => UserListDataDto }) data!: UserListDataDto;
}

export class UserResponseDto {
  @ApiProperty({ type: () => UserDto }) data!: UserDto;
}

export class LoginResultResponseDto {
  @ApiProperty({ type: () => LoginResultDto }) data!: LoginResultDto;
}

export class VerifiedUserIdDto {
  @ApiProperty() user_id!: string;
}

export class VerifiedUserIdResponseDto {
  @ApiProperty({ type: () => VerifiedUserIdDto }) data!: VerifiedUserIdDto;
}

export class UserRoleListDataDto {
  @ApiProperty({ type: () => [UserRoleDto] }) user_roles!: UserRoleDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class UserRoleListResponseDto {
  @ApiProperty({ type: () => UserRoleListDataDto }) data!: UserRoleListDataDto;
}

export class UserRoleResponseDto {
  @ApiProperty({ type: () => UserRoleDto }) data!: UserRoleDto;
}

export class TokenIdResponseDto {
  @ApiProperty({ type: () => TokenIdDto }) data!: TokenIdDto;
}

export class TokenCustomerIdResponseDto {
  @ApiProperty({ type: () => TokenCustomerIdDto }) data!: TokenCustomerIdDto;
}

export class AuthTokenResponseDto {
  @ApiProperty({ type: () => AuthTokenDto }) data!: AuthTokenDto;
}
