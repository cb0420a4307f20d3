/** What other contexts may use of customers: accounts, registration and lookup, definitions, statuses. */
export { CustomersModule } from './customers.module';
export {
  CustomerAccountService,
  channelConsentSql,
  channelRecipientsSql,
  customerNotFound,
  liveCustomerSql,
  type CustomerContact,
  type CustomerLoginRecord,
  type CustomerSource,
  type NewCustomerAccount,
} from './customer-account.service';
export { CustomerService, type CustomerCreateInput } from './customer.service';
export { CustomerMilestoneHooks, type CustomerMilestone } from './customer-milestone.hooks';
export { CustomerDefinitionService } from './customer-definition.service';
export {
  CustomerStatusService,
  StatusChangeReason,
  StatusMove,
  statusHeldUntilSql,
  statusInForceSql,
  statusRecordInForceSql,
} from './customer-status.service';
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
export { CustomerPropertyDefinitionRepository } from './customer-property-definition.repository';
export { InterestDefinitionRepository } from './interest-definition.repository';
export { AgreementDefinitionRepository } from './agreement-definition.repository';
export { CustomerTypeDefinitionRepository } from './customer-type-definition.repository';
export { CustomerRelationTypeDefinitionRepository } from './customer-relation-type-definition.repository';
export { CustomerAddressTypeDefinitionRepository } from './customer-address-type-definition.repository';
export {
  CustomerRelationTypeDefinitionDto,
  CustomerRelationTypeDefinitionViewDto as CustomerRelationTypeDefinitionView,
} from './dto/customer-relation-type-definition.dto';
export {
  CustomerAddressTypeDefinitionDto,
  CustomerAddressTypeDefinitionViewDto as CustomerAddressTypeDefinitionView,
} from './dto/customer-address-type-definition.dto';
export {
  CustomerPropertyDefinitionDto,
  CustomerPropertyDefinitionViewDto as CustomerPropertyDefinitionView,
} from './dto/customer-property-definition.dto';
export { InterestDefinitionDto, InterestDefinitionViewDto as InterestDefinitionView } from './dto/interest-definition.dto';
export { AgreementDefinitionDto, AgreementDefinitionViewDto as AgreementDefinitionView } from './dto/agreement-definition.dto';
export { CustomerTypeDefinitionDto, CustomerTypeDefinitionViewDto as CustomerTypeDefinitionView } from './dto/customer-type-definition.dto';
