import { DomainException, ErrorMap, InvalidReason } from '@tessera/http';

export enum CustomerErrorCode {
  /** A live customer already has this email. */
  EmailTaken = 'email_taken',
  /** The password breaks the password policy. */
  WeakPassword = 'weak_password',
  /** Verified customer credentials are wrong; the same answer whether or not the login exists. */
  CredentialsRejected = 'credentials_rejected',
  /** An uploaded photo is not a JPEG or PNG, or is too large. */
  PhotoRejected = 'photo_rejected',
}

const customerErrorMap: ErrorMap<CustomerErrorCode, CustomerException> = {
  [CustomerErrorCode.EmailTaken]: (e) => e.invalidParamError(InvalidReason.AlreadyExists),
  [CustomerErrorCode.WeakPassword]: (e) => e.invalidParamError(InvalidReason.NotAllowedValue),
  [CustomerErrorCode.CredentialsRejected]: (e) => e.invalidParamError(InvalidReason.NotAllowedValue),
  [CustomerErrorCode.PhotoRejected]: (e) => e.invalidParamError(InvalidReason.InvalidValueFormat),
};

export class CustomerException extends DomainException<CustomerErrorCode> {
  protected readonly errorMap = customerErrorMap;

  static emailTaken(field: string, email: string): CustomerException {
    return new CustomerException(CustomerErrorCode.EmailTaken, 'A customer with this email exists', { name: field, value: email });
  }

  static weakPassword(message: string): CustomerException {
    // The value is never echoed: it is a password.
    return new CustomerException(CustomerErrorCode.WeakPassword, message, { name: 'password' });
  }

  static credentialsRejected(): CustomerException {
    return new CustomerException(CustomerErrorCode.CredentialsRejected, 'The login or password is not valid', { name: 'password' });
  }

  static photoRejected(message: string): CustomerException {
    return new CustomerException(CustomerErrorCode.PhotoRejected, message, { name: 'data' });
  }
}
