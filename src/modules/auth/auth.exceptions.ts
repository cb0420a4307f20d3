import { ApiError, DomainException, ErrorMap, InvalidReason } from '@tessera/http';

export enum AuthErrorCode {
  /** The external application id is unknown, inactive, or belongs to the other interface. */
  ApplicationNotAllowed = 'application_not_allowed',
  /** Enterprise login with a wrong login or password. */
  InvalidCredentials = 'invalid_credentials',
  /** Bearer token missing, unknown, expired or revoked. */
  InvalidToken = 'invalid_token',
  /** Too many failed logins for one login; `data.retryAfter` holds the seconds left. */
  LoginLocked = 'login_locked',
  /** A customer's credentials were refused while the caller's own token is valid. */
  CustomerCredentialsRejected = 'customer_credentials_rejected',
  /** A cross-application authentication token is unknown, used, expired or for another application. */
  AuthTokenRejected = 'auth_token_rejected',
  /** A token named in the body does not exist or is not the caller's. */
  TokenNotFound = 'token_not_found',
  /** An operator with a second factor signed in without a code. */
  SecondFactorRequired = 'second_factor_required',
  /** The operator's second-factor code is wrong or stale. */
  SecondFactorRejected = 'second_factor_rejected',
  /** The API user holds no role that grants anything on the operator API. */
  NoOperatorRole = 'no_operator_role',
}

const authErrorMap: ErrorMap<AuthErrorCode, AuthException> = {
  [AuthErrorCode.ApplicationNotAllowed]: (e) =>
    ApiError.forbidden('external_application_not_allowed_exception', 'External application not allowed', e.message, {
      external_application_id: typeof e.details.value === 'string' ? e.details.value : '',
    }),
  [AuthErrorCode.InvalidCredentials]: (e) => ApiError.unauthorized(e.message),
  [AuthErrorCode.InvalidToken]: (e) => ApiError.unauthorized(e.message),
  [AuthErrorCode.LoginLocked]: (e) => ApiError.tooManyRequests(Number(e.details.data?.retryAfter ?? 1)),
  [AuthErrorCode.CustomerCredentialsRejected]: (e) => e.invalidParamError(InvalidReason.NotAllowedValue),
  [AuthErrorCode.AuthTokenRejected]: (e) => e.invalidParamError(InvalidReason.NotAllowedValue),
  [AuthErrorCode.TokenNotFound]: (e) => e.invalidParamError(InvalidReason.NotFound),
  // The client learns it must ask for a code only after the password was right.
  [AuthErrorCode.SecondFactorRequired]: (e) => ApiError.unauthorized(e.message, { second_factor: 'totp' }),
  [AuthErrorCode.SecondFactorRejected]: (e) => ApiError.unauthorized(e.message, { second_factor: 'totp' }),
  [AuthErrorCode.NoOperatorRole]: (e) => ApiError.forbidden('operation_not_allowed_exception', 'Operation not allowed', e.message),
};

export class AuthException extends DomainException<AuthErrorCode> {
  protected readonly errorMap = authErrorMap;

  static applicationNotAllowed(applicationId: string | undefined): AuthException {
    return new AuthException(AuthErrorCode.ApplicationNotAllowed, 'The external application does not exist or may not use this interface', {
      value: applicationId,
    });
  }

  static invalidCredentials(): AuthException {
    return new AuthException(AuthErrorCode.InvalidCredentials, 'Login or password is not valid');
  }

  static secondFactorRequired(): AuthException {
    return new AuthException(
      AuthErrorCode.SecondFactorRequired,
      'This user signs in with a code from their authenticator app: send totp_code',
    );
  }

  static secondFactorRejected(): AuthException {
    return new AuthException(AuthErrorCode.SecondFactorRejected, 'The authenticator code is not valid now');
  }

  static noOperatorRole(): AuthException {
    return new AuthException(AuthErrorCode.NoOperatorRole, 'This API user holds no role that grants anything on the operator API');
  }

  static invalidToken(message = 'The bearer token is missing, unknown, expired or revoked'): AuthException {
    return new AuthException(AuthErrorCode.InvalidToken, message);
  }

  static loginLocked(retryAfterSeconds: number): AuthException {
    return new AuthException(AuthErrorCode.LoginLocked, 'Too many failed logins; try again later', {
      data: { retryAfter: retryAfterSeconds },
    });
  }

  static customerCredentialsRejected(): AuthException {
    return new AuthException(AuthErrorCode.CustomerCredentialsRejected, 'The login or password is not valid', {
      name: 'password',
    });
  }

  static authTokenRejected(): AuthException {
    return new AuthException(
      AuthErrorCode.AuthTokenRejected,
      'The authentication token is unknown, expired, already used or issued for another application',
      { name: 'token' },
    );
  }

  static tokenNotFound(name: string): AuthException {
    return new AuthException(AuthErrorCode.TokenNotFound, `The ${name} is not a valid token of the caller`, { name });
  }
}
