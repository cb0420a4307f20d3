import { Body, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  ApiUserActor,
  CurrentActor,
  Offers,
  Public,
  customerInScope,
  dataEnvelope,
  formatDateTime,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CustomerIdentificationFlow } from '../../../flows/customer-identification.flow';
import { CallerPartnersService, CustomerAuthTokenService, ExternalApplicationService } from '../../auth';
import { CustomerPartnerService } from '../customer-partner.service';
import { CustomerPushService } from '../customer-push.service';
import { CustomerReferralService } from '../customer-referral.service';
import { CustomerStatusService } from '../customer-status.service';
import { CustomerService } from '../customer.service';
import {
  AuthTokenBodyDto,
  CancelPushNotificationsBodyDto,
  CheckRegistrationAbilityBodyDto,
  NewsletterSignUpBodyDto,
  SearchCustomersQueryDto,
  SetPartnersBodyDto,
  SetPushNotificationsBodyDto,
  SetStatusRecordBodyDto,
  UploadPhotoBodyDto,
  ValidateCustomerDataBodyDto,
  VerifyAuthTokenBodyDto,
  VerifyCredentialsBodyDto,
} from '../dto/customer-actions.dto';
import {
  CustomerAuthTokenResponseDto,
  CustomerDataValidityResponseDto,
  CustomerIdentityResponseDto,
  CustomerSearchResponseDto,
  CustomerStatusRecordIdResponseDto,
  RegistrationAbilityResponseDto,
} from '../dto/customer-response.dto';

/** Customer actions: some on both interfaces, the others only on the Enterprise interface. */
@ApiResource('customers/actions')
@ApiTags('Customers actions')
export class CustomerActionsController {
  constructor(
    private readonly customers: CustomerService,
    private readonly referrals: CustomerReferralService,
    private readonly callerPartners: CallerPartnersService,
    private readonly statuses: CustomerStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identification: CustomerIdentificationFlow,
    private readonly authTokens: CustomerAuthTokenService,
    private readonly applications: ExternalApplicationService,
    private readonly customerPartners: CustomerPartnerService,
    private readonly push: CustomerPushService,
  ) {}

  @Post('validate-customer-data')
  @Offers('both')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a password against the policy, or that a referral code is valid' })
  @ApiOkResponse({ type: CustomerDataValidityResponseDto })
  async validateCustomerData(@Body() body: ValidateCustomerDataBodyDto): Promise<CustomerDataValidityResponseDto> {
    const valid = body.type === 'password' ? this.customers.isPasswordStrong(body.value) : await this.referrals.isValidCode(body.value);
    return dataEnvelope({ is_valid: valid });
  }

  @Post('upload-customer-photo')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({ summary: 'Replace the customer photo (JPEG or PNG, at most 2 MB)' })
  @ApiNoContentResponse()
  async uploadCustomerPhoto(@CurrentActor() actor: Actor, @Body() body: UploadPhotoBodyDto): Promise<void> {
    await this.customers.uploadPhoto(customerInScope(actor, body.customer_id), body.data);
  }

  @Post('newsletters-sign-up')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign a contact up for newsletters, creating its customer when needed' })
  @ApiNoContentResponse()
  async newslettersSignUp(@CurrentActor() actor: Actor, @Body() body: NewsletterSignUpBodyDto): Promise<void> {
    await this.customers.signUpForNewsletter(body, await this.callerPartners.partnerIdsOf(actor));
  }

  @Post('check-registration-ability')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether a registration with this email or phone would be accepted' })
  @ApiOkResponse({ type: RegistrationAbilityResponseDto })
  async checkRegistrationAbility(@Body() body: CheckRegistrationAbilityBodyDto): Promise<RegistrationAbilityResponseDto> {
    return dataEnvelope({ registration_ability: await this.customers.canRegister(body.type, body.value) });
  }

  @Post('verify-credentials')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({ summary: 'Tell whose credentials these are, without logging anyone in' })
  @ApiOkResponse({ type: CustomerIdentityResponseDto })
  async verifyCredentials(@Body() body: VerifyCredentialsBodyDto): Promise<CustomerIdentityResponseDto> {
    return dataEnvelope({ customer_id: await this.identification.verifyCredentials(body.login_type, body.login_value, body.password) });
  }

  @Post('auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a single-use token that signs the customer in to another application' })
  @ApiOkResponse({ type: CustomerAuthTokenResponseDto })
  async authToken(@CurrentActor() actor: ApiUserActor, @Body() body: AuthTokenBodyDto): Promise<CustomerAuthTokenResponseDto> {
    const issued = await this.authTokens.issueForNamedCustomer(
      body.customer_id,
      actor.applicationId,
      body.external_application_id,
      body.token_type,
    );
    return dataEnvelope({
      authentication_token: issued.authenticationToken,
      token_request_id: issued.tokenRequestId,
      valid_to: formatDateTime(issued.validTo, this.config.timeZone),
    });
  }

  @Post('verify-auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem a single-use authentication token and tell whose it is' })
  @ApiOkResponse({ type: CustomerIdentityResponseDto })
  async verifyAuthToken(@Body() body: VerifyAuthTokenBodyDto): Promise<CustomerIdentityResponseDto> {
    return dataEnvelope({ customer_id: await this.authTokens.redeem(body.application_id, body.token, body.token_request_id) });
  }

  @Get('search-customers')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'Customers matching name, birthdate and card exactly' })
  @ApiOkResponse({ type: CustomerSearchResponseDto })
  async searchCustomers(@Query() query: SearchCustomersQueryDto): Promise<CustomerSearchResponseDto> {
    const ids = await this.identification.search(query);
    return dataEnvelope({ strict: ids.map((customerId) => ({ customer_id: customerId, match: 100 })) });
  }

  @Post('set-partners')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: "Make the customer's partners among the caller's partners exactly these" })
  @ApiNoContentResponse()
  async setPartners(@CurrentActor() actor: ApiUserActor, @Body() body: SetPartnersBodyDto): Promise<void> {
    const partnerIds = body.partner_records.map((record) => record.partner_id);
    await this.customerPartners.set(body.customer_id, partnerIds, await this.callerPartners.partnerIdsOf(actor));
  }

  @Post('set-status-record')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({ summary: 'Give the customer a status; the previous one stops' })
  @ApiOkResponse({ type: CustomerStatusRecordIdResponseDto })
  async setStatusRecord(@Body() body: SetStatusRecordBodyDto): Promise<CustomerStatusRecordIdResponseDto> {
    return dataEnvelope({ status_record_id: await this.statuses.set(body) });
  }

  @Post('set-push-notifications')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: "Register a device's push token for the customer" })
  @ApiNoContentResponse()
  async setPushNotifications(@Body() body: SetPushNotificationsBodyDto): Promise<void> {
    await this.applications.requireCustomerApplicationIn('external_application_id', body.external_application_id);
    await this.push.register(body);
  }

  @Post('cancel-push-notifications')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove one push registration, or all of an application' })
  @ApiNoContentResponse()
  async cancelPushNotifications(@Body() body: CancelPushNotificationsBodyDto): Promise<void> {
    await this.applications.requireCustomerApplicationIn('external_application_id', body.external_application_id);
    await this.push.cancel(body.customer_id, body.external_application_id, body.push_token);
  }
}
