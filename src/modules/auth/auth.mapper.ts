import { formatDateTime, formatNullableDateTime } from '@tessera/http';
import { IssuedAuthToken } from './customer-auth-token.service';
import { ExternalApplicationDto } from './dto/external-application.dto';
import { AuthTokenDto } from './dto/token.dto';
import { LoginResultDto, UserDto, UserRoleDto } from './dto/user.dto';
import { EnterpriseLogin } from './enterprise-session.service';
import { ApiUserEntity } from './entities/api-user.entity';
import { ExternalApplicationEntity } from './entities/external-application.entity';
import { UserRoleEntity } from './entities/user-role.entity';

export function toUserDto(user: ApiUserEntity, timeZone: string): UserDto {
  return {
    user_id: user.id,
    login: user.login,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    user_role_ids: (user.roles ?? []).map((role) => role.id).sort(),
    store_id: user.storeId,
    last_login: formatNullableDateTime(user.lastLogin, timeZone),
  };
}

export function toUserRoleDto(role: UserRoleEntity): UserRoleDto {
  return { user_role_id: role.id, name: role.name };
}

export function toLoginResultDto(login: EnterpriseLogin, timeZone: string): LoginResultDto {
  return {
    bearer_token: login.bearerToken,
    valid_to: formatDateTime(login.validTo, timeZone),
    user: toUserDto(login.user, timeZone),
  };
}

export function toAuthTokenDto(token: IssuedAuthToken, timeZone: string): AuthTokenDto {
  return {
    authentication_token: token.authenticationToken,
    token_request_id: token.tokenRequestId,
    valid_to: formatDateTime(token.validTo, timeZone),
  };
}

export function toExternalApplicationDto(application: ExternalApplicationEntity, timeZone: string): ExternalApplicationDto {
  return {
    external_application_id: application.id,
    text_id: application.textId,
    name: application.name,
    last_change: formatDateTime(application.lastChange, timeZone),
    state: application.state,
  };
}
