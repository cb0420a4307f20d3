/** What other contexts may use of customers: accounts, registration and lookup, definitions, statuses. */
export { CustomersModule } from './customers.module';
export {
  CustomerAccountService,
  customerNotFound,
  liveCustomerSql,
  type CustomerContact,
  type CustomerLoginRecord,
  type CustomerSource,
  type NewCustomerAccount,
} from './customer-account.service';
export { CustomerService, type CustomerCreateInput } from './customer.service';
export { CustomerDefinitionService } from './customer-definition.service';
export { CustomerStatusService, statusInForceSql } from './customer-status.service';
export { CustomerState } from './entities/customer.entity';
export { CustomerPushService } from './customer-push.service';
export {
  AuthTokenBodyDto,
  CancelPushNotificationsBodyDto,
  SetPushNotificationsBodyDto,
  VerifyAuthTokenBodyDto,
} from './dto/customer-actions.dto';
export { CustomerAuthTokenResponseDto, CustomerIdentityResponseDto } from './dto/customer-response.dto';
export { toCustomerDto, toStatusRecordDto } from './customer.mapper';
export { EMAIL_PATTERN, PHONE_PATTERN } from './dto/customer.dto';
