import { ApiError } from './api-error';
import { DomainException, ErrorMap, invalidParam } from './domain-exception';
import { InvalidParam, InvalidReason } from './invalid-reason';

/** Errors every context raises in the same way. */
export enum CommonErrorCode {
  /** The record named in the URL does not exist. */
  RecordNotFound = 'record_not_found',
  /** One or more request values are wrong; `data.params` lists them. */
  InvalidParams = 'invalid_params',
  /** An operation switched off for this project. */
  OperationNotAllowed = 'operation_not_allowed',
  /** A customer-interface call that needs a logged-in customer has none. */
  CustomerNotLoggedIn = 'customer_not_logged_in',
}

/** A detail that the exception's factory always sets to a string (an id, a resource name); '' when absent. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const commonErrorMap: ErrorMap<CommonErrorCode, CommonException> = {
  [CommonErrorCode.RecordNotFound]: (e) => ApiError.notFound(textOf(e.details.data?.resourceName), textOf(e.details.value)),
  [CommonErrorCode.InvalidParams]: (e) => ApiError.badRequest((e.details.data?.params as InvalidParam[]) ?? []),
  [CommonErrorCode.OperationNotAllowed]: (e) => ApiError.forbidden('operation_not_allowed_exception', 'Operation not allowed', e.message),
  [CommonErrorCode.CustomerNotLoggedIn]: (e) =>
    ApiError.forbidden('customer_not_logged_in_exception', 'No customer is logged in', e.message),
};

export class CommonException extends DomainException<CommonErrorCode> {
  protected readonly errorMap = commonErrorMap;

  static recordNotFound(resourceName: string, id: string): CommonException {
    return new CommonException(CommonErrorCode.RecordNotFound, `${resourceName} ${id} not found`, {
      value: id,
      data: { resourceName },
    });
  }

  static invalid(name: string, reason: InvalidReason | string, message: string, value?: unknown): CommonException {
    return CommonException.invalidParams([invalidParam(name, reason, message, value)]);
  }

  static invalidParams(params: InvalidParam[]): CommonException {
    return new CommonException(CommonErrorCode.InvalidParams, params.map((p) => p.message).join(' '), {
      data: { params },
    });
  }

  static operationNotAllowed(message: string): CommonException {
    return new CommonException(CommonErrorCode.OperationNotAllowed, message);
  }

  static customerNotLoggedIn(): CommonException {
    return new CommonException(CommonErrorCode.CustomerNotLoggedIn, 'This operation needs a customer logged in on the device token');
  }
}
