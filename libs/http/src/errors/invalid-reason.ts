/** Reason codes a 400 response may carry in `error_data.invalid_params[].reason`. */
export enum InvalidReason {
  AlreadyExists = 'already_exists',
  Empty = 'empty',
  NotFound = 'not_found',
  Required = 'required',
  NotAllowedValue = 'not_allowed_value',
  InvalidValueFormat = 'invalid_value_format',
  RelationAlreadyExists = 'relation_already_exists',
  NotBelongToLoggedInCustomer = 'not_belong_to_logged_in_customer',
  Deleted = 'deleted',
}

export interface InvalidParam {
  name: string;
  reason: string;
  value?: string;
  message: string;
}
